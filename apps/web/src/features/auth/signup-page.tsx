// Placeholder: the accounts screens replace this page.
export function SignupPage() {
  return (
    <section className="py-4">
      <h1 className="h3">Sign up</h1>
      <p className="text-body-secondary">This page is coming soon.</p>
    </section>
  );
}
