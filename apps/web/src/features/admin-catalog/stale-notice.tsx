import { STALE_EDIT } from '@pasal/contract/admin-common';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

interface StaleNoticeProps {
  /** Their values of the fields that differ from what this form was opened with: [label, value]. */
  differences: [string, string][];
  /** Starts again from their version (the form then shows it, with its new version). */
  onReload(): void;
}

/** The 409 of an edit made from an old version: what the other person changed, and a way on. */
export function StaleNotice({ differences, onReload }: StaleNoticeProps) {
  return (
    <Alert variant="warning" role="alert">
      <Alert.Heading as="h2" className="h6">
        {STALE_EDIT}
      </Alert.Heading>
      {differences.length ? (
        <>
          <p className="mb-1">Their change:</p>
          <dl className="mb-2">
            {differences.map(([label, value]) => (
              <div key={label} className="d-flex flex-wrap column-gap-2">
                <dt>{label}:</dt>
                <dd className="mb-0 text-break">{value || '(blank)'}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="mb-2">Only its version changed.</p>
      )}
      <Button variant="outline-dark" size="sm" onClick={onReload}>
        Load their version
      </Button>
    </Alert>
  );
}
