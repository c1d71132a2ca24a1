import { STALE_EDIT } from '@pasal/contract/admin-common';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { createProduct, updateProduct } from './admin-catalog-api';
import { httpError, sampleProduct, sampleTree } from './admin-catalog-fixtures';
import { ProductFormView } from './product-form-view';

vi.mock('./admin-catalog-api', () => ({ createProduct: vi.fn(), updateProduct: vi.fn() }));
const createMock = vi.mocked(createProduct);
const updateMock = vi.mocked(updateProduct);

// Typing a whole form takes a few seconds on a busy machine.
describe('ProductFormView', { timeout: 20_000 }, () => {
  beforeEach(() => {
    createMock.mockReset();
    updateMock.mockReset();
  });

  it('shows the contract’s messages beside the fields and sends nothing', async () => {
    const onSaved = vi.fn();
    renderPage(<ProductFormView tree={sampleTree} onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText('Marked price (Rs)'), '100');
    await userEvent.type(screen.getByLabelText('Selling price (Rs)'), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(screen.getByLabelText('Title (English)')).toHaveAccessibleDescription('Title is required');
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Category is required');
    expect(screen.getByLabelText('Selling price (Rs)')).toHaveAccessibleDescription(
      'Selling price cannot be more than the marked price',
    );
    expect(createMock).not.toHaveBeenCalled();
  });

  it('creates the product with English and Nepali titles, prices in rupees and the initial stock', async () => {
    const onSaved = vi.fn();
    createMock.mockResolvedValue({ product: sampleProduct });
    renderPage(<ProductFormView tree={sampleTree} onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText('Title (English)'), 'Basmati Rice 5 kg');
    await userEvent.type(screen.getByLabelText('Nepali title'), 'बासमती चामल');
    await userEvent.selectOptions(screen.getByLabelText('Category'), '3');
    await userEvent.type(screen.getByLabelText('Marked price (Rs)'), '1200');
    await userEvent.type(screen.getByLabelText('Selling price (Rs)'), '1099.50');
    await userEvent.clear(screen.getByLabelText('Initial stock'));
    await userEvent.type(screen.getByLabelText('Initial stock'), '40');
    await userEvent.click(screen.getByRole('switch', { name: 'New arrival' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(createMock).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Basmati Rice 5 kg',
        nepali_title: 'बासमती चामल',
        category: 3,
        marked_price: 1200,
        selling_price: 1099.5,
        stock: 40,
        is_new_arrival: true,
      }),
    );
    expect(onSaved).toHaveBeenCalledWith(sampleProduct, true);
    expect(await screen.findByText('Product created')).toBeInTheDocument();
  });

  it('a save from an old version shows the other person’s change and can load it', async () => {
    const onSaved = vi.fn();
    const theirs = { ...sampleProduct, version: 5, selling_price: 950, current_price: 950 };
    updateMock.mockRejectedValue(httpError(409, { message: STALE_EDIT, current: theirs }));
    renderPage(<ProductFormView product={sampleProduct} tree={sampleTree} onSaved={onSaved} />);
    await userEvent.clear(screen.getByLabelText('Title (English)'));
    await userEvent.type(screen.getByLabelText('Title (English)'), 'Basmati Rice (5 kg)');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(updateMock).toHaveBeenCalledWith(7, { version: 4, title: 'Basmati Rice (5 kg)' });
    const heading = await screen.findByRole('heading', {
      name: 'Someone else changed this since you opened it',
    });
    const alert = heading.closest('[role="alert"]') as HTMLElement;
    const row = within(alert).getByRole('row', { name: /Selling price/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1099.5', '950']);
    await userEvent.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(onSaved).toHaveBeenCalledWith(theirs, false);
    expect(screen.getByLabelText('Selling price (Rs)')).toHaveValue('950');
  });
});
