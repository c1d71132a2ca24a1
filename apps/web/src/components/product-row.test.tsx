import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../test/render-in-router';
import { ProductRow } from './product-row';

const products = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    slug: `p-${i + 1}`,
    title: `Product ${i + 1}`,
    marked_price: 100,
    selling_price: 90,
    total_available_quantity: 3,
  }));

const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

describe('ProductRow', () => {
  it('shows 6 at a time and cycles round with the arrows', async () => {
    renderInRouter(<ProductRow title="Dairy" products={products(14)} viewAll={{ to: '/viewallca/4' }} />);
    expect(titles()).toEqual(['Product 1', 'Product 2', 'Product 3', 'Product 4', 'Product 5', 'Product 6']);
    const next = screen.getByRole('button', { name: 'Next Dairy products' });
    await userEvent.click(next);
    expect(titles()[0]).toBe('Product 7');
    await userEvent.click(next);
    expect(titles()).toEqual(['Product 13', 'Product 14']);
    await userEvent.click(next);
    expect(titles()[0]).toBe('Product 1');
    await userEvent.click(screen.getByRole('button', { name: 'Previous Dairy products' }));
    expect(titles()[0]).toBe('Product 13');
    expect(screen.getByRole('link', { name: 'View All Dairy' })).toHaveAttribute('href', '/viewallca/4');
  });

  it('disables the arrows with 6 or fewer products', () => {
    renderInRouter(<ProductRow title="Dairy" products={products(6)} />);
    expect(screen.getByRole('button', { name: 'Next Dairy products' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous Dairy products' })).toBeDisabled();
    expect(screen.getAllByRole('article')).toHaveLength(6);
  });

  it('renders nothing for an empty list', () => {
    renderInRouter(<ProductRow title="Dairy" products={[]} />);
    expect(screen.queryByRole('heading', { name: 'Dairy' })).not.toBeInTheDocument();
  });
});
