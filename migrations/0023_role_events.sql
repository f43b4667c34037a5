-- Roles granted and revoked by an admin in /admin (issue 22): who gave or took staff access of which country from
-- which account, when, and why (an optional note).

CREATE TABLE role_events (
  id TEXT PRIMARY KEY,
  actor_id TEXT NOT NULL REFERENCES users (id),
  target_id TEXT NOT NULL REFERENCES users (id),
  action TEXT NOT NULL CHECK (action IN ('grant', 'revoke')),
  country_code TEXT,
  note TEXT NOT NULL DEFAULT '',
  at TEXT NOT NULL
);

CREATE INDEX role_events_by_time ON role_events (at);
