export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
      <span className="spinner-border text-success-emphasis" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
