-- The local stand-in for the payment provider (development and tests only; a production worker answers 404 on it):
-- the provider's objects it keeps, the idempotency keys it has seen and the events it sends, signed, to our webhook.
-- The stand-in never keeps a card number, security code or expiry: a card is its brand and last four digits.

CREATE TABLE stand_in_objects (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  created INTEGER NOT NULL
);

CREATE TABLE stand_in_idempotency (
  api_key TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  request TEXT NOT NULL,
  -- in_flight while the first request runs, then done with its answer
  state TEXT NOT NULL,
  status INTEGER,
  response TEXT,
  created INTEGER NOT NULL,
  PRIMARY KEY (api_key, idempotency_key)
);

CREATE TABLE stand_in_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  body TEXT NOT NULL,
  created INTEGER NOT NULL,
  deliver_after INTEGER NOT NULL,
  delivered_at INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_status INTEGER
);

CREATE INDEX stand_in_events_due ON stand_in_events (delivered_at, deliver_after);

CREATE TABLE stand_in_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
