export function CategoryPage() {
  return <p>Coming soon.</p>;
}
