-- E-mail addresses confirmed by a link (issue 22): the address given at sign-up, and a new address a customer
-- changes to, which only replaces the old one once the link sent to it is opened. Tokens are stored as hashes.

CREATE TABLE email_confirmations (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  purpose TEXT NOT NULL CHECK (purpose IN ('signUp', 'change')),
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE INDEX email_confirmations_by_user ON email_confirmations (user_id, purpose);

ALTER TABLE users ADD COLUMN email_confirmed_at TEXT;
