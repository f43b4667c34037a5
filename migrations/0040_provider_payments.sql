-- Payments through the payment provider (Stripe): one row per hosted checkout, its state following the provider's
-- signed events; refunds through the provider with their own idempotency keys; the events received. No card data
-- anywhere: the provider's references only.

ALTER TABLE payments ADD COLUMN method TEXT;
-- The provider's id of the payment itself (Stripe's PaymentIntent), once there is one; provider_reference is the
-- checkout (Stripe's Checkout Session).
ALTER TABLE payments ADD COLUMN payment_reference TEXT;
ALTER TABLE payments ADD COLUMN attempt INTEGER NOT NULL DEFAULT 1;
ALTER TABLE payments ADD COLUMN idempotency_key TEXT;
ALTER TABLE payments ADD COLUMN checkout_url TEXT;
ALTER TABLE payments ADD COLUMN updated_at TEXT;

-- Payments of the local test provider that were recorded twice for the same amount (issue 40): the first is kept as
-- the payment, the others are marked as what they were.
UPDATE payments SET outcome = 'duplicate'
 WHERE outcome = 'succeeded'
   AND rowid NOT IN (SELECT MIN(rowid) FROM payments WHERE outcome = 'succeeded' GROUP BY order_id, amount);

-- Exactly one capture per amount due: a second succeeded payment of the same order and amount cannot be written.
CREATE UNIQUE INDEX payments_one_success_per_amount ON payments (order_id, amount) WHERE outcome = 'succeeded';
CREATE UNIQUE INDEX payments_by_provider_reference ON payments (provider, provider_reference);
CREATE UNIQUE INDEX payments_one_per_attempt ON payments (order_id, amount, attempt) WHERE provider <> 'test';
CREATE INDEX payments_by_payment_reference ON payments (payment_reference);
CREATE INDEX payments_open ON payments (outcome, created_at);

CREATE TABLE refunds (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id),
  payment_id TEXT NOT NULL REFERENCES payments (id),
  attempt INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  -- requested (not yet at the provider), pending, succeeded, failed, canceled
  status TEXT NOT NULL,
  provider TEXT NOT NULL,
  provider_reference TEXT,
  idempotency_key TEXT NOT NULL UNIQUE,
  -- cancellation, staff, withdrawal, latePayment, duplicate
  reason TEXT NOT NULL,
  failure_reason TEXT,
  requested_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE UNIQUE INDEX refunds_one_per_attempt ON refunds (payment_id, attempt);
-- At most one refund of a payment under way or done: a second is only possible after a failure.
CREATE UNIQUE INDEX refunds_one_live_per_payment ON refunds (payment_id) WHERE status IN ('requested', 'pending', 'succeeded');
CREATE UNIQUE INDEX refunds_by_provider_reference ON refunds (provider, provider_reference) WHERE provider_reference IS NOT NULL;
CREATE INDEX refunds_by_order ON refunds (order_id, created_at);
CREATE INDEX refunds_open ON refunds (status, updated_at);

-- Every verified event from the provider, once (its id), with what it was about: the trail staff and support read.
CREATE TABLE payment_events (
  id TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  type TEXT NOT NULL,
  object_reference TEXT,
  received_at TEXT NOT NULL
);
