-- The native app's sign-in hand-over to its webview (docs/features/app-webview.md): single-use codes a signed-in app
-- asks for, which the webview exchanges for the web's session cookies within a minute. Only the code's SHA-256 is
-- kept; `used_at` is set by the one statement that spends it, so a code signs in at most once.
CREATE TABLE app_sign_in_codes (
  code_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  -- The session of the app that asked: a code of a session signed out since signs nobody in.
  session_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE INDEX app_sign_in_codes_by_user ON app_sign_in_codes (user_id);
