/** A field's validation message, tied to its input through `id` (aria-describedby). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert">
      {message}
    </div>
  );
}
