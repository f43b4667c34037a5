-- Orders, pre-orders and reservations with everything fixed at submission (price, finance,
-- consents with their text versions), their events (who did what, when), payments (no card data:
-- only the provider's outcome and reference), staff roles, and a dev mailbox for rendered e-mails.

ALTER TABLE orders ADD COLUMN kind TEXT NOT NULL DEFAULT 'order';
ALTER TABLE orders ADD COLUMN number TEXT;
ALTER TABLE orders ADD COLUMN status TEXT NOT NULL DEFAULT 'placed';
ALTER TABLE orders ADD COLUMN payment_status TEXT NOT NULL DEFAULT 'unpaid';
ALTER TABLE orders ADD COLUMN idempotency_key TEXT;
ALTER TABLE orders ADD COLUMN locale TEXT;
ALTER TABLE orders ADD COLUMN usage TEXT;
ALTER TABLE orders ADD COLUMN personal TEXT;
ALTER TABLE orders ADD COLUMN consents TEXT;
ALTER TABLE orders ADD COLUMN price TEXT;
ALTER TABLE orders ADD COLUMN finance TEXT;
ALTER TABLE orders ADD COLUMN currency TEXT;
ALTER TABLE orders ADD COLUMN total_amount INTEGER;
ALTER TABLE orders ADD COLUMN due_today INTEGER;
ALTER TABLE orders ADD COLUMN paid_amount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN updated_at TEXT;

CREATE UNIQUE INDEX orders_by_idempotency_key ON orders (idempotency_key);
CREATE UNIQUE INDEX orders_by_number ON orders (number);
CREATE INDEX orders_by_country_status ON orders (country_code, status);

CREATE TABLE order_events (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id),
  type TEXT NOT NULL,
  actor TEXT NOT NULL,
  actor_id TEXT,
  from_status TEXT,
  to_status TEXT,
  at TEXT NOT NULL
);

CREATE INDEX order_events_by_order ON order_events (order_id, at);

CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id),
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  outcome TEXT NOT NULL,
  provider TEXT NOT NULL,
  provider_reference TEXT NOT NULL,
  created_at TEXT NOT NULL
);

ALTER TABLE users ADD COLUMN roles TEXT NOT NULL DEFAULT '[]';
ALTER TABLE users ADD COLUMN staff_country TEXT;

CREATE TABLE mailbox (
  id TEXT PRIMARY KEY,
  notification_id TEXT NOT NULL UNIQUE REFERENCES notifications (id),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  delivered_at TEXT NOT NULL
);
