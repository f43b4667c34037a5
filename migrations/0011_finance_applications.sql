-- Dutch finance applications (SPEC §4 statuses 1–10): one per order, started from the personal
-- form's credit-application action, moved by store staff; every change is an event with who and when.
CREATE TABLE finance_applications (
  order_id TEXT PRIMARY KEY REFERENCES orders (id),
  status INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE finance_application_events (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id),
  from_status INTEGER,
  to_status INTEGER NOT NULL,
  actor TEXT NOT NULL,
  actor_id TEXT,
  at TEXT NOT NULL
);

CREATE INDEX finance_application_events_by_order ON finance_application_events (order_id, at);
