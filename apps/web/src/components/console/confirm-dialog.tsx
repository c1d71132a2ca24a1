import { type ReactNode, useId } from 'react';
import { Button, Modal } from 'react-bootstrap';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children?: ReactNode;
  /** The confirming button's text, a verb: "Cancel order", "Disable account". */
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` (default) for destructive actions. */
  variant?: 'danger' | 'primary' | 'success' | 'warning';
  /** While the action runs: both buttons are disabled and the dialog stays open. */
  busy?: boolean;
  /** Disables the confirming button (e.g. a required reason is still empty). */
  confirmDisabled?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a destructive action; Escape and "Keep" close it, focus returns to the opener. */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Keep',
  variant = 'danger',
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={busy ? () => {} : onCancel} aria-labelledby={titleId} centered>
      <Modal.Header closeButton={!busy}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {children && <Modal.Body>{children}</Modal.Body>}
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={busy || confirmDisabled}>
          {busy ? 'Working…' : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
