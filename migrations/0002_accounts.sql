-- Accounts, sessions (rotating refresh tokens in families), and counters for slowing down guessing.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  password_salt TEXT NOT NULL,
  password_iterations INTEGER NOT NULL,
  -- SPEC §4 user types as a JSON list: [] potential customer, [1] owner, [4] authorised owner.
  types TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  -- Every refresh token descends from one sign-in; reuse of a rotated token revokes the family.
  family_id TEXT NOT NULL,
  refresh_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  rotated_at TEXT,
  revoked_at TEXT
);

CREATE INDEX sessions_by_family ON sessions (family_id);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE attempt_counters (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  window_started_at TEXT NOT NULL
);

ALTER TABLE configurations ADD COLUMN owner_id TEXT REFERENCES users (id);
ALTER TABLE orders ADD COLUMN owner_id TEXT REFERENCES users (id);
CREATE INDEX configurations_by_owner ON configurations (owner_id);
CREATE INDEX orders_by_owner ON orders (owner_id);
