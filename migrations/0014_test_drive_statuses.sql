-- Test-drive bookings get statuses like the other requests (src/domain/programs/requests.ts): the store confirms or
-- declines the time, the customer may cancel; a declined or cancelled booking no longer takes its slot.
ALTER TABLE test_drive_bookings ADD COLUMN status TEXT NOT NULL DEFAULT 'requested';
ALTER TABLE test_drive_bookings ADD COLUMN updated_at TEXT;

-- The events table's kinds now include test drives (SQLite cannot change a CHECK in place).
CREATE TABLE program_request_events_next (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('subscription', 'charger', 'testDrive')),
  request_id TEXT NOT NULL,
  from_status TEXT NOT NULL,
  to_status TEXT NOT NULL,
  actor TEXT NOT NULL CHECK (actor IN ('customer', 'staff')),
  actor_id TEXT NOT NULL REFERENCES users (id),
  at TEXT NOT NULL
);
INSERT INTO program_request_events_next SELECT * FROM program_request_events;
DROP TABLE program_request_events;
ALTER TABLE program_request_events_next RENAME TO program_request_events;
CREATE INDEX program_request_events_by_request ON program_request_events (kind, request_id, at);
CREATE INDEX test_drive_bookings_by_country ON test_drive_bookings (country_code, created_at);
