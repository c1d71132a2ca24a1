import { type ReactNode, useEffect } from 'react';
import Button from 'react-bootstrap/Button';

interface ConsoleScreenProps {
  /** The heading, also the start of the tab's title ("Vouchers | Console | Pasal"). */
  heading: string;
  headingId: string;
  /** The button that opens the dialog of a new record ("New voucher"). */
  newLabel: string;
  onNew(): void;
  children: ReactNode;
}

/** A console resource's screen: its heading with the New button, then the list and dialogs. */
export function ConsoleScreen({ heading, headingId, newLabel, onNew, children }: ConsoleScreenProps) {
  useEffect(() => {
    document.title = `${heading} | Console | Pasal`;
  }, [heading]);
  return (
    <section aria-labelledby={headingId}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 id={headingId} className="h3 mb-0">
          {heading}
        </h1>
        <Button variant="success" onClick={() => onNew()}>
          {newLabel}
        </Button>
      </div>
      {children}
    </section>
  );
}
