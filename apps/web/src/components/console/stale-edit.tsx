import { Alert, Button } from 'react-bootstrap';
import type { AdminProblem } from './admin-problem';

/** A 409 from an edit made on an old version: the record as the other staff member left it. */
export function staleCurrent<T>(problem: AdminProblem): T | null {
  return problem.status === 409 && problem.current && typeof problem.current === 'object'
    ? (problem.current as T)
    : null;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields whose value differs between what this form read and what the record is now. */
export function changedFields(
  read: Record<string, unknown>,
  current: Record<string, unknown>,
  labels: Record<string, string>,
) {
  return Object.entries(labels)
    .filter(([key]) => JSON.stringify(read[key] ?? null) !== JSON.stringify(current[key] ?? null))
    .map(([key, label]) => ({ key, label, read: show(read[key]), now: show(current[key]) }));
}

interface StaleEditNoticeProps<T extends Record<string, unknown>> {
  /** The record as this form read it. */
  read: T;
  /** The record as it is now (the 409's `current`). */
  current: T;
  /** The fields to compare, with their labels: `{ title: 'Title', selling_price: 'Selling price' }`. */
  labels: Record<string, string>;
  /** Load their version into the form (with its new version) so the edit can be made again. */
  onUseCurrent(current: T): void;
}

/**
 * Shown after a 409: says someone else changed the record and lists their changes (what this form
 * read → what it is now), so nobody overwrites them unknowingly.
 */
export function StaleEditNotice<T extends Record<string, unknown>>({
  read,
  current,
  labels,
  onUseCurrent,
}: StaleEditNoticeProps<T>) {
  const changes = changedFields(read, current, labels);
  return (
    <Alert variant="warning" role="alert">
      <Alert.Heading as="h2" className="h6">
        Someone else changed this since you opened it
      </Alert.Heading>
      {changes.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm mb-2">
            <caption className="visually-hidden">Their changes</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">You read</th>
                <th scope="col">Now</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.key}>
                  <th scope="row">{change.label}</th>
                  <td>{change.read}</td>
                  <td>{change.now}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mb-2">Their change is not in the fields shown here.</p>
      )}
      <p className="mb-2">Check their version and make your change again.</p>
      <Button size="sm" variant="warning" onClick={() => onUseCurrent(current)}>
        Load their version
      </Button>
    </Alert>
  );
}
