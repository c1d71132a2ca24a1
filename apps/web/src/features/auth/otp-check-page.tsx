// Placeholder: the accounts screens replace this page.
export function OtpCheckPage() {
  return (
    <section className="py-4">
      <h1 className="h3">Verify OTP</h1>
      <p className="text-body-secondary">This page is coming soon.</p>
    </section>
  );
}
