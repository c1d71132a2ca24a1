import type { AdminCategory, AdminCategoryNode } from '@pasal/contract/admin-categories';
import { useEffect, useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '../../lib/api-client';
import { useRequest } from '../../lib/use-request';
import { ConfirmDialog } from '../admin/confirm-dialog';
import { RowActions } from '../admin/row-actions';
import {
  createCategory,
  deleteCategory,
  getCategoryTree,
  reorderCategories,
  updateCategory,
  uploadCategoryImage,
} from './admin-catalog-api';
import { CATEGORY_LABELS, type CategoryFormValues, categoryBody, categoryToForm } from './category-form';
import { EditFormModal } from './edit-form-modal';
import { CheckField, InputField, SelectField } from './fields';
import { moved } from './product-images';
import { useCatalogChange } from './use-catalog-change';
import { useDeleteDialog } from './use-delete-dialog';
import { useEditForm } from './use-edit-form';

/** /admin/categories: the two-level tree, its order, featured flags and pictures. */
export function CategoriesPage() {
  const [reload, setReload] = useState(0);
  const loaded = useRequest((signal) => getCategoryTree(signal), [reload]);
  const [tree, setTree] = useState<AdminCategoryNode[]>([]);
  useEffect(() => {
    if (loaded.data) setTree(loaded.data.results);
  }, [loaded.data]);
  useEffect(() => {
    document.title = 'Categories | Console | Pasal';
  }, []);

  const refresh = () => setReload((n) => n + 1);
  const form = useEditForm<AdminCategory, CategoryFormValues, unknown>({
    toForm: categoryToForm,
    toBody: categoryBody,
    save: async (body, category) =>
      (category ? await updateCategory(category.id, body as never) : await createCategory(body as never))
        .category,
    saved: refresh,
    noun: 'Category',
  });

  const { busy, run } = useCatalogChange<{ results: AdminCategoryNode[] }>({
    failed: 'Could not change the categories',
    current: (now) => setTree(now.results),
    after: refresh,
  });
  const deleting = useDeleteDialog(
    (category: AdminCategory) => run(() => deleteCategory(category.id, category.version), 'Category deleted'),
    { closeFirst: true },
  );

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
      onDelete={() => deleting.ask(category)}
      onPicture={(file) => void run(() => uploadCategoryImage(category.id, file), 'Picture saved')}
    />
  );

  return (
    <section aria-labelledby="categories-heading">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 id="categories-heading" className="h3 mb-0">
          Categories
        </h1>
        <Button variant="success" onClick={() => form.start()}>
          New category
        </Button>
      </div>
      {loaded.error ? (
        <p role="alert" className="text-danger">
          {errorMessage(loaded.error, 'Could not load the categories')}
        </p>
      ) : null}
      {tree.length ? (
        <ol className="list-unstyled">
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
        </ol>
      ) : (
        <p aria-live="polite">{loaded.loading ? 'Loading…' : 'No categories yet.'}</p>
      )}
      <EditFormModal
        form={form}
        title={form.record ? `Edit ${form.record.title}` : 'New category'}
        createLabel="Create category"
        labels={CATEGORY_LABELS}
      >
        <InputField
          label="Title"
          required
          value={form.values.title}
          onChange={form.set('title')}
          error={form.errors.title}
        />
        <InputField
          label="Nepali title"
          lang="ne"
          value={form.values.nepali_title}
          onChange={form.set('nepali_title')}
          error={form.errors.nepali_title}
        />
        <InputField
          label="Slug"
          hint="Left blank, it is made from the title"
          value={form.values.slug}
          onChange={form.set('slug')}
          error={form.errors.slug}
        />
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
        <InputField
          label="Position"
          inputMode="numeric"
          hint="Smaller comes first; left blank, after the others"
          value={form.values.position}
          onChange={form.set('position')}
          error={form.errors.position}
        />
        <CheckField
          label="Featured on the home page"
          checked={form.values.is_featured}
          onChange={form.set('is_featured')}
        />
      </EditFormModal>
      <ConfirmDialog
        show={deleting.show}
        title={`Delete ${deleting.target?.title ?? 'this category'}?`}
        confirmLabel="Delete category"
        busy={busy}
        onCancel={deleting.onCancel}
        onConfirm={deleting.onConfirm}
      >
        Only a category with no products and no subcategories can be deleted. This cannot be undone.
      </ConfirmDialog>
    </section>
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
