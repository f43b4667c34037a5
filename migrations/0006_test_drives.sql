-- Stores (validated JSON per country, seeded from data/stores), test-drive bookings, quote requests,
-- and the notification outbox: a confirmation is written in the same batch as what it confirms, so
-- it can never be lost; a sender (the order feature's queue) delivers and marks it.

CREATE TABLE store_documents (
  country_code TEXT PRIMARY KEY,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE test_drive_bookings (
  id TEXT PRIMARY KEY,
  -- One booking per submission: a retry or a double click sends the same key.
  idempotency_key TEXT NOT NULL UNIQUE,
  country_code TEXT NOT NULL,
  store_id TEXT NOT NULL,
  slot_start TEXT NOT NULL,
  model_code TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  locale TEXT NOT NULL,
  owner_id TEXT REFERENCES users (id),
  privacy_accepted_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX test_drive_bookings_by_slot ON test_drive_bookings (store_id, slot_start);
CREATE INDEX test_drive_bookings_by_owner ON test_drive_bookings (owner_id);

CREATE TABLE quote_requests (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  configuration_id TEXT NOT NULL REFERENCES configurations (id),
  country_code TEXT NOT NULL,
  store_id TEXT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  locale TEXT NOT NULL,
  owner_id TEXT REFERENCES users (id),
  -- The itemised price at request time, so the quote matches what the visitor saw.
  price TEXT NOT NULL,
  consents TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  locale TEXT NOT NULL,
  recipient TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
