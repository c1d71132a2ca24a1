import { errorMessage } from '../../lib/api-client';

/** A console list that could not be read: the server's message, or `failed` when it gave none. */
export function RequestError({ error, failed }: { error: unknown; failed: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-danger">
      {errorMessage(error, failed)}
    </p>
  );
}
