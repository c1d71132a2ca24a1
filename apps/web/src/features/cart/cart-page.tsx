export function CartPage() {
  return <p>Coming soon.</p>;
}
