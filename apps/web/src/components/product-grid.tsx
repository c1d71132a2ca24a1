import type { ProductLike } from '../lib/product';
import { ProductCard } from './product-card';

export function ProductGrid({
  products,
  label,
  headingLevel = 'h2',
}: {
  products: ProductLike[];
  label?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <ul className="row g-2 g-md-3 list-unstyled" aria-label={label}>
      {products.map((p) => (
        <li key={p.id} className="col-6 col-md-4 col-lg-3 col-xl-2">
          <ProductCard product={p} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
