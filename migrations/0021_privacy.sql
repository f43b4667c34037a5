-- Privacy rights (issue 22, GDPR Art. 15, 17, 20): marketing consent given or withdrawn on the account, each change
-- kept with the version of the text it answered and when; and when an account's personal data was erased. An erased
-- account keeps its row (orders, events and the audit trail point at it) without anything that identifies the person;
-- an order kept for the retention period records when its contact details were removed.

CREATE TABLE account_consents (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL CHECK (kind IN ('marketing')),
  granted INTEGER NOT NULL CHECK (granted IN (0, 1)),
  text_version TEXT NOT NULL,
  at TEXT NOT NULL
);

CREATE INDEX account_consents_by_user ON account_consents (user_id, kind, at);

ALTER TABLE users ADD COLUMN erased_at TEXT;
ALTER TABLE orders ADD COLUMN personal_erased_at TEXT;
