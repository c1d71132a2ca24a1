import type { ProductSize } from '@pasal/contract/catalogue';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/i18n';
import { SizePicker } from './size-picker';

const sizes: ProductSize[] = [
  {
    id: 1,
    slug: 'rice-5kg',
    size: '5 kg',
    selling_price: 580,
    unit_price: { amount: 116, per: 'kg' },
    in_stock: true,
  },
  {
    id: 2,
    slug: 'rice-25kg',
    size: '25 kg',
    selling_price: 2550,
    unit_price: { amount: 102, per: 'kg' },
    in_stock: false,
  },
];

function Page() {
  const { slug } = useParams();
  const current = sizes.find((s) => s.slug === slug)!;
  return (
    <>
      <h1>{slug}</h1>
      <SizePicker sizes={sizes} currentId={current.id} />
    </>
  );
}

function renderPicker() {
  const router = createMemoryRouter([{ path: '/detail/:slug', element: <Page /> }], {
    initialEntries: ['/detail/rice-5kg'],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('SizePicker', () => {
  it('offers every size with its price and unit price, the current one marked', () => {
    renderPicker();
    const group = screen.getByRole('group', { name: 'Size' });
    const five = within(group).getByRole('link', { name: /^5 kg/ });
    expect(five).toHaveAttribute('aria-current', 'page');
    expect(five).toHaveTextContent('5 kgRs 580Rs 116/kg');
    const big = within(group).getByRole('link', { name: /^25 kg/ });
    expect(big).not.toHaveAttribute('aria-current');
    expect(big).toHaveTextContent('25 kgRs 2,550Rs 102/kgOut of stock');
  });

  it('opens the chosen size’s own page, and Back returns to the size before', async () => {
    const router = renderPicker();
    await userEvent.click(screen.getByRole('link', { name: /^25 kg/ }));
    expect(await screen.findByRole('heading', { name: 'rice-25kg' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^25 kg/ })).toHaveAttribute('aria-current', 'page');
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'rice-5kg' })).toBeInTheDocument();
  });

  it('writes the unit price in Nepali with Devanagari digits', async () => {
    await applyLanguage('ne');
    try {
      renderPicker();
      const group = await screen.findByRole('group', { name: 'साइज' });
      expect(within(group).getByRole('link', { name: /^5 kg/ })).toHaveTextContent('रु ११६/केजी');
    } finally {
      await applyLanguage('en');
    }
  });

  it('shows nothing for an item sold in one size', () => {
    const router = createMemoryRouter(
      [{ path: '/', element: <SizePicker sizes={sizes.slice(0, 1)} currentId={1} /> }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
