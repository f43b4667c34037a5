-- Subscription requests and home-charger enquiries move through statuses (src/domain/programs/requests.ts):
-- store staff move them along in /staff, the customer may cancel a subscription request while it is
-- still only requested or ordered. Every change is an event with who and when.
ALTER TABLE subscription_requests ADD COLUMN status TEXT NOT NULL DEFAULT 'requested';
ALTER TABLE subscription_requests ADD COLUMN updated_at TEXT;
ALTER TABLE charger_enquiries ADD COLUMN status TEXT NOT NULL DEFAULT 'received';
ALTER TABLE charger_enquiries ADD COLUMN updated_at TEXT;

CREATE TABLE program_request_events (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('subscription', 'charger')),
  request_id TEXT NOT NULL,
  from_status TEXT NOT NULL,
  to_status TEXT NOT NULL,
  actor TEXT NOT NULL CHECK (actor IN ('customer', 'staff')),
  actor_id TEXT NOT NULL REFERENCES users (id),
  at TEXT NOT NULL
);

CREATE INDEX program_request_events_by_request ON program_request_events (kind, request_id, at);
CREATE INDEX subscription_requests_by_country ON subscription_requests (country_code, created_at);
CREATE INDEX subscription_requests_by_owner ON subscription_requests (owner_id);
CREATE INDEX charger_enquiries_by_country ON charger_enquiries (country_code, created_at);
CREATE INDEX charger_enquiries_by_owner ON charger_enquiries (owner_id);
