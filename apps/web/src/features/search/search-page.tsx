export function SearchPage() {
  return <p>Coming soon.</p>;
}
