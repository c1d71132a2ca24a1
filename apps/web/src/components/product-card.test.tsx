import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../test/render-in-router';
import { ProductCard } from './product-card';
import { ProductCardSlotsProvider } from './product-card-slots';

const render = (ui: ReactElement) => renderInRouter(ui);

const base = {
  id: 7,
  slug: 'basmati-rice',
  title: 'Basmati Rice 1 kg',
  nepali_title: 'बासमती चामल',
  marked_price: 300,
  selling_price: 200,
  total_available_quantity: 5,
  primary_image: { image: '/media/rice.webp', thumbnail_image: '/media/rice-thumb.webp' },
  isOrganic: false,
};

describe('ProductCard', () => {
  it('shows title, selling price, struck marked price and the rounded discount', () => {
    render(<ProductCard product={base} />);
    expect(screen.getByRole('link', { name: 'Basmati Rice 1 kg' })).toHaveAttribute(
      'href',
      '/detail/basmati-rice',
    );
    expect(screen.getByText('Rs 200')).toBeInTheDocument();
    expect(screen.getByText('Rs 300').closest('del')).not.toBeNull();
    expect(screen.getByText('33% off')).toBeInTheDocument();
    expect(screen.getByAltText('Basmati Rice 1 kg')).toHaveAttribute('src', '/media/rice-thumb.webp');
    expect(screen.queryByText('ORGANIC')).not.toBeInTheDocument();
  });

  it('falls back to the Nepali title, 44 % of the marked price and the default image', () => {
    render(
      <ProductCard
        product={{ id: 8, title: '', nepali_title: 'चामल', marked_price: 250, total_available_quantity: 1 }}
      />,
    );
    expect(screen.getByRole('link', { name: 'चामल' })).toBeInTheDocument();
    expect(screen.getByText('Rs 110')).toBeInTheDocument();
    expect(screen.getByAltText('चामल')).toHaveAttribute('src', '/default-image.jpg');
  });

  it('shows the unit price the API computed, and none when the unit names no size', () => {
    const { unmount } = render(<ProductCard product={{ ...base, unit_price: { amount: 200, per: 'kg' } }} />);
    expect(screen.getByText('Rs 200/kg')).toBeInTheDocument();
    unmount();
    render(<ProductCard product={{ ...base, unit_price: null }} />);
    expect(screen.queryByText(/\/kg$/)).not.toBeInTheDocument();
  });

  it('shows the ORGANIC badge and swaps a broken image for a placeholder', () => {
    render(<ProductCard product={{ ...base, isOrganic: true }} />);
    expect(screen.getByText('ORGANIC')).toBeInTheDocument();
    fireEvent.error(screen.getByAltText('Basmati Rice 1 kg'));
    expect(
      screen.getByRole('img', { name: 'Basmati Rice 1 kg (image unavailable)', hidden: true }),
    ).toBeInTheDocument();
  });

  it('shows the OUT OF STOCK overlay without stock and tells its controls', () => {
    render(
      <ProductCardSlotsProvider
        value={{ action: (card) => <span>{card.outOfStock ? 'no stock' : 'in stock'}</span> }}
      >
        <ProductCard product={{ ...base, total_available_quantity: 0 }} />
      </ProductCardSlotsProvider>,
    );
    expect(screen.getByText('OUT OF STOCK')).toBeInTheDocument();
    expect(screen.getByText('no stock')).toBeInTheDocument();
  });

  it('puts the controls the app gives it on the card, with the prices it shows', () => {
    render(
      <ProductCardSlotsProvider
        value={{
          heart: (card) => <button type="button">Heart for {card.title}</button>,
          action: (card) => (
            <button type="button" disabled={card.outOfStock}>
              Buy {card.product.id} at {card.selling} (was {card.marked})
            </button>
          ),
        }}
      >
        <ProductCard product={base} prices={{ selling: 150, marked: 300 }} />
      </ProductCardSlotsProvider>,
    );
    expect(screen.getByRole('button', { name: 'Heart for Basmati Rice 1 kg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy 7 at 150 (was 300)' })).toBeEnabled();
  });

  it('shows no controls when the app gives none', () => {
    render(<ProductCard product={base} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
