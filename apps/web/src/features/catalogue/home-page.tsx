export function HomePage() {
  return <p>Coming soon.</p>;
}
