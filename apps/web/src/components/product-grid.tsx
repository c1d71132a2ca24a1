import type { ProductLike } from '../lib/product';
import { ProductCard } from './product-card';

/** Cards in the first screenful of a phone (2 columns): their pictures are not lazy. */
const EAGER_CARDS = 4;

export function ProductGrid({
  products,
  label,
  headingLevel = 'h2',
  eager = true,
}: {
  products: ProductLike[];
  label?: string;
  headingLevel?: 'h2' | 'h3';
  /** The first cards' pictures load at once (a grid at the top of its page). */
  eager?: boolean;
}) {
  return (
    <ul className="row g-2 g-md-3 list-unstyled" aria-label={label}>
      {products.map((p, i) => (
        <li key={p.id} className="col-6 col-md-4 col-lg-3 col-xl-2">
          <ProductCard product={p} headingLevel={headingLevel} eager={i < EAGER_CARDS && eager} />
        </li>
      ))}
    </ul>
  );
}
