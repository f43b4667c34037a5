-- Analytics events arrive through the p5-analytics queue (docs/scale.md), which delivers at least once: a batch
-- whose acknowledgement was lost comes again. Each event gets its id at the edge, before it is queued, and the
-- consumer inserts with INSERT OR IGNORE on this unique id, so a redelivered event is stored once. Rows written
-- before this migration keep a NULL id (SQLite's unique indexes let NULLs repeat).

ALTER TABLE analytics_events ADD COLUMN event_id TEXT;

CREATE UNIQUE INDEX analytics_events_by_event_id ON analytics_events (event_id);
