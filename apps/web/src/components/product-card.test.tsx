import { fireEvent, screen, within } from '@testing-library/react';
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

  it('shows the rating and how many rated it, with a sentence for screen readers', () => {
    const { container } = render(<ProductCard product={{ ...base, rating: 4.333, rating_count: 12 }} />);
    const line = container.querySelector('.product-rating')!;
    expect(line).toHaveTextContent('4.3 (12)');
    expect(within(line as HTMLElement).getByText('Rated 4.3 out of 5 by 12 shoppers')).toHaveClass(
      'visually-hidden',
    );
    // The glyphs are hidden from screen readers, which hear the sentence alone.
    expect(line.querySelector('[aria-hidden="true"]')).toHaveTextContent('4.3 (12)');
  });

  it('keeps an empty rating line for a product nobody rated, so cards stay the same height', () => {
    const { container } = render(<ProductCard product={{ ...base, rating: 0, rating_count: 0 }} />);
    const line = container.querySelector('.product-rating')!;
    expect(line).toBeEmptyDOMElement();
    expect(screen.queryByText(/Rated/)).not.toBeInTheDocument();
  });

  it('writes the rating in Nepali digits and words in Nepali', async () => {
    const { applyLanguage } = await import('../i18n/i18n');
    await applyLanguage('ne');
    try {
      const { container } = render(<ProductCard product={{ ...base, rating: 4, ratingCount: 1 }} />);
      const line = container.querySelector('.product-rating')!;
      expect(line.querySelector('[aria-hidden="true"]')).toHaveTextContent('४ (१)');
      expect(within(line as HTMLElement).getByText('१ जना ग्राहकले ५ मा ४ रेटिङ दिनुभएको छ')).toBeInTheDocument();
    } finally {
      await applyLanguage('en');
    }
  });
});
