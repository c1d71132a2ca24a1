import { Alert, Button } from 'react-bootstrap';
import type { AdminProblem } from './admin-problem';

/** A failed read: the server's message and a way to try again. */
export function LoadProblem({ problem, onRetry }: { problem: AdminProblem; onRetry(): void }) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">{problem.message}</span>
      <Button size="sm" variant="outline-danger" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
