-- Price-change notices for saved builds (issue 22): a customer asks to be told when a saved build's price changes;
-- the scheduled job compares today's price with the last one told and writes one e-mail per change.

CREATE TABLE price_watches (
  configuration_id TEXT PRIMARY KEY REFERENCES configurations (id),
  user_id TEXT NOT NULL REFERENCES users (id),
  -- The total (minor units) the customer last knew: the saved price, then the price of the last notice.
  last_total INTEGER NOT NULL,
  currency TEXT NOT NULL,
  created_at TEXT NOT NULL,
  notified_at TEXT
);

CREATE INDEX price_watches_by_user ON price_watches (user_id);
