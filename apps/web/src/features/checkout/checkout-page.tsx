// Placeholder: the accounts screens replace this page.
export function CheckoutPage() {
  return (
    <section className="py-4">
      <h1 className="h3">Checkout</h1>
      <p className="text-body-secondary">This page is coming soon.</p>
    </section>
  );
}
