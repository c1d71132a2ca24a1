export function ProductDetailPage() {
  return <p>Coming soon.</p>;
}
