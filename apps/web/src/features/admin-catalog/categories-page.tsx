import type { AdminCategory, AdminCategoryNode } from '@pasal/contract/admin-categories';
import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import { ConsoleScreen } from '../../components/console/console-screen';
import { SelectField } from '../../components/console/fields';
import { FormFields } from '../../components/console/form-fields';
import { MissingNepaliBadge } from '../../components/console/missing-nepali-badge';
import { OrderedList, useOrderedList } from '../../components/console/ordered-list';
import { DeleteDialog, ResourceForm } from '../../components/console/resource-dialogs';
import { RowActions } from '../../components/console/row-actions';
import { useConsoleResource } from '../../components/console/use-console-resource';
import {
  createCategory,
  deleteCategory,
  getCategoryTree,
  reorderCategories,
  updateCategory,
  uploadCategoryImage,
} from './admin-catalog-api';
import {
  CATEGORY_LABELS,
  CATEGORY_NAME_FIELDS,
  CATEGORY_PLACE_FIELDS,
  type CategoryFormValues,
  categoryBody,
  categoryToForm,
} from './category-form';
import { moved } from './product-images';

/** /admin/categories: the two-level tree, its order, featured flags and pictures. */
export function CategoriesPage() {
  const list = useOrderedList((signal) => getCategoryTree(signal));
  const tree = list.items;
  const resource = useConsoleResource<
    AdminCategory,
    CategoryFormValues,
    unknown,
    { results: AdminCategoryNode[] }
  >({
    noun: 'Category',
    name: (category) => category.title,
    toForm: categoryToForm,
    toBody: categoryBody,
    save: async (body, category) =>
      (category ? await updateCategory(category.id, body as never) : await createCategory(body as never))
        .category,
    refresh: list.refresh,
    remove: (category) => deleteCategory(category.id, category.version),
    failed: 'Could not change the categories',
    current: (now) => list.setItems(now.results),
    closeFirst: true,
  });
  const { form, busy, run } = resource;

  const move = (siblings: AdminCategory[], index: number, step: -1 | 1, parent: number | null) =>
    run(
      () =>
        reorderCategories({
          parent,
          category_ids: moved(
            siblings.map((c) => c.id),
            index,
            step,
          ),
        }),
      'Order saved',
    );

  const row = (category: AdminCategory, siblings: AdminCategory[], index: number, parent: number | null) => (
    <CategoryRow
      category={category}
      first={index === 0}
      last={index === siblings.length - 1}
      busy={busy}
      onMove={(step) => void move(siblings, index, step, parent)}
      onEdit={() => form.start(category)}
      onDelete={() => resource.deleting.ask(category)}
      onPicture={(file) => void run(() => uploadCategoryImage(category.id, file), 'Picture saved')}
    />
  );

  return (
    <ConsoleScreen
      heading="Categories"
      headingId="categories-heading"
      newLabel="New category"
      onNew={form.start}
    >
      <OrderedList list={list} failed="Could not load the categories" empty="No categories yet.">
        {tree.map((top, index) => (
          <li key={top.id} className="border rounded p-2 mb-2">
            {row(top, tree, index, null)}
            {top.children.length ? (
              <ol className="list-unstyled ms-3 ms-md-5 mt-2" aria-label={`Subcategories of ${top.title}`}>
                {top.children.map((child, childIndex) => (
                  <li key={child.id} className="border-top pt-2 mt-2">
                    {row(child, top.children, childIndex, top.id)}
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </OrderedList>
      <ResourceForm resource={resource} labels={CATEGORY_LABELS}>
        <FormFields fields={CATEGORY_NAME_FIELDS} form={form} />
        <SelectField
          label="Parent"
          value={form.values.parent}
          onChange={form.set('parent')}
          error={form.errors.parent}
        >
          <option value="">None (a top category)</option>
          {tree
            .filter((top) => top.id !== form.record?.id)
            .map((top) => (
              <option key={top.id} value={top.id}>
                {top.title}
              </option>
            ))}
        </SelectField>
        <FormFields fields={CATEGORY_PLACE_FIELDS} form={form} />
      </ResourceForm>
      <DeleteDialog resource={resource}>
        Only a category with no products and no subcategories can be deleted. This cannot be undone.
      </DeleteDialog>
    </ConsoleScreen>
  );
}

interface CategoryRowProps {
  category: AdminCategory;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove(step: -1 | 1): void;
  onEdit(): void;
  onDelete(): void;
  onPicture(file: File): void;
}

function CategoryRow({ category, first, last, busy, onMove, onEdit, onDelete, onPicture }: CategoryRowProps) {
  const fileId = useId();
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {category.image ? (
        <img src={category.image} alt="" width={40} height={40} className="rounded border" />
      ) : (
        <span className="d-inline-block border rounded bg-body-secondary" style={{ width: 40, height: 40 }} />
      )}
      <div className="me-auto">
        <strong>{category.title}</strong>
        {category.nepali_title ? (
          <span lang="ne" className="ms-2 text-body-secondary">
            {category.nepali_title}
          </span>
        ) : null}
        <MissingNepaliBadge nepali={category.nepali_title} />
        <div className="small text-body-secondary">
          {category.product_count} products
          {category.is_featured ? (
            <Badge bg="info" text="dark" className="ms-2">
              Featured
            </Badge>
          ) : null}
        </div>
      </div>
      <RowActions
        name={category.title}
        busy={busy}
        move={{ first, last, onMove }}
        onEdit={onEdit}
        onDelete={onDelete}
      >
        <input
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="visually-hidden"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onPicture(file);
          }}
        />
        <label htmlFor={fileId} className={`btn btn-sm btn-outline-secondary mb-0 ${busy ? 'disabled' : ''}`}>
          Picture<span className="visually-hidden"> of {category.title}</span>
        </label>
      </RowActions>
    </div>
  );
}
