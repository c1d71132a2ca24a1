import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { listProducts, updateProduct } from './admin-catalog-api';
import { httpError, sampleProduct } from './admin-catalog-fixtures';
import { SizesPanel } from './sizes-panel';

vi.mock('./admin-catalog-api', () => ({ listProducts: vi.fn(), updateProduct: vi.fn() }));
const listMock = vi.mocked(listProducts);
const updateMock = vi.mocked(updateProduct);

const big = { ...sampleProduct, id: 8, title: 'Basmati Rice 25 kg', unit: '25 kg', thumbnail: null };
const grouped = {
  ...sampleProduct,
  version: 5,
  size_group_id: 3,
  sizes: [{ id: 8, title: 'Basmati Rice 25 kg', unit: '25 kg', is_active: true }],
};

describe('SizesPanel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    listMock.mockReset();
    updateMock.mockReset();
  });

  it('makes the product a size of the one chosen, from the version shown', async () => {
    listMock.mockResolvedValue({ count: 1, page: 1, page_size: 10, results: [big] } as never);
    updateMock.mockResolvedValue({ product: grouped });
    const onChange = vi.fn();
    renderPage(<SizesPanel product={sampleProduct} onChange={onChange} />);
    expect(screen.getByText(/Sold in one size/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Find a product'), '25 kg');
    await screen.findByRole('option', { name: /Basmati Rice 25 kg/ });
    await userEvent.selectOptions(screen.getByLabelText('Product'), '8');
    await userEvent.click(screen.getByRole('button', { name: 'Make a size of the chosen product' }));
    expect(updateMock).toHaveBeenCalledWith(7, { version: 4, sizes_of: 8 });
    expect(onChange).toHaveBeenCalledWith(grouped);
  });

  it('lists the other sizes and removes the product from them', async () => {
    updateMock.mockResolvedValue({ product: sampleProduct });
    const onChange = vi.fn();
    renderPage(<SizesPanel product={grouped} onChange={onChange} />);
    expect(screen.getByRole('link', { name: 'Basmati Rice 25 kg' })).toHaveAttribute(
      'href',
      '/admin/products/8',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove from these sizes' }));
    expect(updateMock).toHaveBeenCalledWith(7, { version: 5, sizes_of: null });
    expect(onChange).toHaveBeenCalledWith(sampleProduct);
  });

  it('shows the API’s refusal beside the product choice', async () => {
    listMock.mockResolvedValue({ count: 1, page: 1, page_size: 10, results: [big] } as never);
    updateMock.mockRejectedValue(
      httpError(400, {
        message: 'A product cannot be a size of itself',
        error: { sizes_of: ['A product cannot be a size of itself'] },
      }),
    );
    renderPage(<SizesPanel product={sampleProduct} onChange={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Find a product'), 'rice');
    await screen.findByRole('option', { name: /Basmati Rice 25 kg/ });
    await userEvent.selectOptions(screen.getByLabelText('Product'), '8');
    await userEvent.click(screen.getByRole('button', { name: 'Make a size of the chosen product' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Product')).toHaveAccessibleDescription(
        'A product cannot be a size of itself',
      ),
    );
  });
});
