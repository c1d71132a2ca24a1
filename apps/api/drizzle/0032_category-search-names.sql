-- Stored: worked out when a title is written. A later change of pasal_loose must drop and add this
-- column again (PostgreSQL does not recompute a stored column when the function changes).
ALTER TABLE "categories" ADD COLUMN "search_names" text GENERATED ALWAYS AS (' ' || pasal_loose(title || ' ' || nepali_title) || ' ') STORED;
