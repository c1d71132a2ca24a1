import Badge from 'react-bootstrap/Badge';

/**
 * Flags a record whose Nepali name is not written yet: in words, so it does not rest on colour
 * (decision 049). Nothing when the name is there.
 */
export function MissingNepaliBadge({ nepali }: { nepali: string }) {
  if (nepali.trim()) return null;
  return (
    <Badge bg="warning" text="dark" className="ms-2">
      No Nepali name
    </Badge>
  );
}
