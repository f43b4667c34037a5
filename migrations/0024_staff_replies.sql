-- Staff answer quotes and inspect trade-ins (issue 22): a quote gets an offer (amount and note) the customer sees,
-- a trade-in valuation gets its final value after the inspection (confirmed or adjusted). Each such action is kept in
-- staff_actions with who, when, the old and new status and the note, next to the other events of the audit log; the
-- note staff give with any other change (an order, a request) is kept here too.

ALTER TABLE quote_requests ADD COLUMN status TEXT NOT NULL DEFAULT 'requested';
ALTER TABLE quote_requests ADD COLUMN offer_amount INTEGER;
ALTER TABLE quote_requests ADD COLUMN offer_note TEXT;
ALTER TABLE quote_requests ADD COLUMN offered_at TEXT;

ALTER TABLE trade_in_valuations ADD COLUMN final_amount INTEGER;
ALTER TABLE trade_in_valuations ADD COLUMN inspected_at TEXT;
ALTER TABLE trade_in_valuations ADD COLUMN inspection_note TEXT;

CREATE TABLE staff_actions (
  id TEXT PRIMARY KEY,
  country_code TEXT NOT NULL,
  actor_id TEXT NOT NULL REFERENCES users (id),
  -- Quotes and trade-ins are answered here; for the other records a row holds the note given with a change whose
  -- event lives in the record's own events table (action 'note').
  record_kind TEXT NOT NULL CHECK (record_kind IN ('quote', 'tradeIn', 'order', 'financeApplication', 'subscription', 'charger', 'testDrive')),
  record_id TEXT NOT NULL,
  action TEXT NOT NULL,
  from_status TEXT,
  to_status TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  at TEXT NOT NULL
);

CREATE INDEX staff_actions_by_country ON staff_actions (country_code, at);
CREATE INDEX quote_requests_by_country ON quote_requests (country_code, created_at);
CREATE INDEX trade_in_valuations_by_country ON trade_in_valuations (country_code, created_at);
