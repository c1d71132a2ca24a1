import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

interface EditModalProps {
  show: boolean;
  title: string;
  submitLabel: string;
  saving: boolean;
  /** A message about the whole form (not one field). */
  formError?: string;
  /** Shown above the fields (the 409 notice). */
  notice?: ReactNode;
  onSubmit(): void;
  onHide(): void;
  children: ReactNode;
}

/** A form in a dialog: focus moves in and comes back, Escape closes, Enter submits. */
export function EditModal({
  show,
  title,
  submitLabel,
  saving,
  formError,
  notice,
  onSubmit,
  onHide,
  children,
}: EditModalProps) {
  return (
    <Modal show={show} onHide={onHide} size="lg" fullscreen="sm-down" aria-labelledby="edit-modal-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="edit-modal-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {notice}
          {formError ? (
            <p role="alert" className="text-danger">
              {formError}
            </p>
          ) : null}
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" variant="success" disabled={saving}>
            {saving ? 'Saving…' : submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
