-- Account recovery and credentials (issue 22): single-use password-reset links, stored only as a hash of the token
-- the e-mail carries, and an attempt counter of its own for the new account endpoints (reset requests, password
-- changes), incremented and read in one statement so parallel requests cannot slip past the limit.

CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  -- Set once, by the one request that uses (or supersedes) the link.
  used_at TEXT
);

CREATE INDEX password_resets_by_user ON password_resets (user_id);

CREATE TABLE account_action_counts (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  window_started_at TEXT NOT NULL
);
