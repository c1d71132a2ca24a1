import type { AdminCategoryNode } from '@pasal/contract/admin-categories';

/** The category tree as select options: top categories, their subcategories indented under them. */
export function CategoryOptions({ tree }: { tree: AdminCategoryNode[] }) {
  return (
    <>
      {tree.map((top) => [
        <option key={top.id} value={top.id}>
          {top.title}
        </option>,
        ...top.children.map((child) => (
          <option key={child.id} value={child.id}>
            {`\u00a0\u00a0— ${child.title}`}
          </option>
        )),
      ])}
    </>
  );
}
