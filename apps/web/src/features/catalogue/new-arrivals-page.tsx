export function NewArrivalsPage() {
  return <p>Coming soon.</p>;
}
