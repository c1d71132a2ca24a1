ALTER TABLE "order_status_history" ADD COLUMN "not_delivered_reason" text;--> statement-breakpoint
-- Hand-written: failed deliveries recorded before this column get their reason from the history's
-- text, "Could not deliver: <reason>" with the rider's note after it in brackets.
UPDATE "order_status_history" AS h SET "not_delivered_reason" = r.reason
FROM (VALUES ('Customer not reachable'), ('Customer not at home'), ('Address not found'),
  ('Customer refused the order'), ('Other')) AS r(reason)
WHERE h."from_status" = 'Out for Delivery' AND h."to_status" = 'Packed'
  AND (h."reason" = 'Could not deliver: ' || r.reason OR h."reason" LIKE 'Could not deliver: ' || r.reason || ' (%');
