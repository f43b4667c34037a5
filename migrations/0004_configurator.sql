-- Saved configurations: a canonical key of the choices (to refuse submitting the same car twice)
-- and when the order flow submitted it.
ALTER TABLE configurations ADD COLUMN choices_key TEXT;
ALTER TABLE configurations ADD COLUMN submitted_at TEXT;
CREATE INDEX configurations_by_owner_key ON configurations (owner_id, choices_key);
