import type { AdminCategoryNode } from '@pasal/contract/admin-categories';
import type { AdminProduct } from '@pasal/contract/admin-products';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from 'react-toastify';
import { CheckField, InputField, SelectField } from '../../components/console/fields';
import { currentAfterConflict, type FieldErrors, fieldErrorsOf } from '../../components/console/form-values';
import { StaleEditNotice } from '../../components/console/stale-edit';
import { errorMessage } from '../../lib/api-client';
import { createProduct, updateProduct } from './admin-catalog-api';
import { CategoryOptions } from './category-options';
import {
  createBody,
  emptyProductForm,
  PRODUCT_FLAGS,
  PRODUCT_LABELS,
  type ProductFormValues,
  productForNotice,
  productToForm,
  updateBody,
} from './product-form';

interface ProductFormViewProps {
  /** The product as read; none when creating one. */
  product?: AdminProduct;
  tree: AdminCategoryNode[];
  onSaved(product: AdminProduct, created: boolean): void;
}

/** The product's own fields; creating also sets the initial stock. */
export function ProductFormView({ product, tree, onSaved }: ProductFormViewProps) {
  const [values, setValues] = useState<ProductFormValues>(
    product ? productToForm(product) : emptyProductForm,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [theirs, setTheirs] = useState<AdminProduct>();

  const set =
    <K extends keyof ProductFormValues>(name: K) =>
    (value: ProductFormValues[K]) =>
      setValues((v) => ({ ...v, [name]: value }));

  const submit = async () => {
    const checked = product ? updateBody(product, values) : createBody(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error('Please correct the highlighted fields');
      return;
    }
    setErrors({});
    if (product && Object.keys(checked.body).length === 1) {
      toast.info('Nothing to save: no field changed');
      return;
    }
    setSaving(true);
    try {
      const answer = product
        ? await updateProduct(product.id, checked.body as Parameters<typeof updateProduct>[1])
        : await createProduct(checked.body as Parameters<typeof createProduct>[0]);
      setTheirs(undefined);
      setValues(productToForm(answer.product));
      toast.success(product ? 'Product saved' : 'Product created');
      onSaved(answer.product, !product);
    } catch (error) {
      const current = currentAfterConflict<AdminProduct>(error);
      if (current) setTheirs(current);
      else setErrors(fieldErrorsOf(error));
      toast.error(errorMessage(error, 'Could not save the product'));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof ProductFormValues) => ({
    value: values[name] as string,
    onChange: set(name) as (v: string) => void,
    error: errors[name],
  });

  return (
    <Form
      noValidate
      aria-labelledby="product-form-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="product-form-heading" className="h5">
        Details
      </h2>
      {theirs && product ? (
        <StaleEditNotice
          read={productForNotice(product)}
          current={productForNotice(theirs)}
          labels={PRODUCT_LABELS}
          onUseCurrent={() => {
            setValues(productToForm(theirs));
            setTheirs(undefined);
            onSaved(theirs, false);
          }}
        />
      ) : null}
      {errors._form ? (
        <p role="alert" className="text-danger">
          {errors._form}
        </p>
      ) : null}
      <div className="row">
        <InputField label="Title (English)" className="col-md-6 mb-3" required {...field('title')} />
        <InputField label="Nepali title" className="col-md-6 mb-3" lang="ne" {...field('nepali_title')} />
        <InputField
          label="Slug"
          className="col-md-6 mb-3"
          hint="Lowercase letters, digits and dashes; left blank, it is made from the title"
          {...field('slug')}
        />
        <SelectField label="Category" className="col-md-6 mb-3" {...field('category')}>
          <option value="">Choose a category</option>
          <CategoryOptions tree={tree} />
        </SelectField>
        <InputField label="Brand" className="col-md-6 mb-3" {...field('brand')} />
        <InputField
          label="Unit"
          className="col-md-6 mb-3"
          hint="e.g. 1 kg, 500 ml, pack of 6"
          {...field('unit')}
        />
        <InputField
          label="Short description"
          rows={2}
          className="col-12 mb-3"
          {...field('short_description')}
        />
        <InputField label="Description" rows={5} className="col-12 mb-3" {...field('description')} />
        <InputField
          label="Marked price (Rs)"
          inputMode="decimal"
          className="col-6 col-md-3 mb-3"
          required
          {...field('marked_price')}
        />
        <InputField
          label="Selling price (Rs)"
          inputMode="decimal"
          className="col-6 col-md-3 mb-3"
          required
          {...field('selling_price')}
        />
        {product ? null : (
          <InputField
            label="Initial stock"
            inputMode="numeric"
            className="col-6 col-md-3 mb-3"
            {...field('stock')}
          />
        )}
        <InputField
          label="Low-stock threshold"
          inputMode="numeric"
          className="col-6 col-md-3 mb-3"
          {...field('low_stock_threshold')}
        />
        <SelectField label="VAT" className="col-6 col-md-3 mb-3" {...field('tax_class')}>
          <option value="vat13">13 % (included in the price)</option>
          <option value="exempt">Exempt (basic food)</option>
        </SelectField>
      </div>
      <fieldset className="mb-3">
        <legend className="h6">Flags</legend>
        {PRODUCT_FLAGS.map(([name, label]) => (
          <CheckField key={name} label={label} checked={values[name]} onChange={set(name)} />
        ))}
      </fieldset>
      <Button type="submit" variant="success" disabled={saving}>
        {saving ? 'Saving…' : product ? 'Save changes' : 'Create product'}
      </Button>
    </Form>
  );
}
