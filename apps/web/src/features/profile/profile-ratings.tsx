// Placeholder: the accounts screens replace this page.
export function ProfileRatings() {
  return (
    <section className="py-4">
      <h1 className="h3">Rate Your Products</h1>
      <p className="text-body-secondary">This page is coming soon.</p>
    </section>
  );
}
