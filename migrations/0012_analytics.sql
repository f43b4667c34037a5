-- Analytics events of the internal reporter (SPEC §7), recorded only with the analytics cookie
-- group allowed. D1, not Workers Analytics Engine: the engine has no local emulation, and the
-- volume (a few events per page view) is well within D1's limits. No personal data: the device id
-- is a random id kept in the browser's local storage, never tied to an account.

CREATE TABLE analytics_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  received_at TEXT NOT NULL,
  -- 'client': the analytics script; 'server': a form submitted without JavaScript.
  source TEXT NOT NULL CHECK (source IN ('client', 'server')),
  event TEXT NOT NULL,
  label TEXT NOT NULL,
  country_code TEXT NOT NULL,
  language TEXT NOT NULL,
  channel INTEGER NOT NULL,
  device_id TEXT,
  platform TEXT NOT NULL,
  device TEXT NOT NULL,
  depth INTEGER
);

CREATE INDEX analytics_events_by_time ON analytics_events (received_at);
CREATE INDEX analytics_events_by_device ON analytics_events (device_id, received_at);
