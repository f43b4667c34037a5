-- Handover appointments: once a car is allocated, its buyer books a slot at the delivery store, in slots laid out like
-- test drives (the store's `handover` settings) and counted apart from them. One appointment per order (moved in
-- place, its sequence raised for the calendar file); a slot never takes more than the store's capacity, because the
-- statement that books or moves counts the slot's appointments itself.
CREATE TABLE handover_bookings (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL UNIQUE REFERENCES orders (id),
  store_id TEXT NOT NULL,
  slot_start TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled')),
  sequence INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX handover_bookings_by_slot ON handover_bookings (store_id, slot_start, status);
