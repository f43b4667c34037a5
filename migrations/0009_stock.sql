-- Quick-delivery stock: cars built and on their way or at the importer, per country (seeded from
-- data/stock). Only the car and its stock live here; its price is always computed by the price
-- engine. `remaining` never goes below zero: an order takes a unit with one conditional UPDATE in
-- the same batch as its INSERT, and records its id in `last_taken_by`, which the INSERT checks.
CREATE TABLE stock_cars (
  id TEXT PRIMARY KEY,
  country_code TEXT NOT NULL,
  model_code TEXT NOT NULL,
  configuration TEXT NOT NULL,
  delivery_weeks INTEGER NOT NULL,
  remaining INTEGER NOT NULL CHECK (remaining >= 0),
  sort INTEGER NOT NULL DEFAULT 0,
  last_taken_by TEXT,
  updated_at TEXT NOT NULL
);

CREATE INDEX stock_cars_by_country ON stock_cars (country_code, remaining);

-- The stock car a configuration was made from, and the one an order took (returned once, when the
-- order is cancelled).
ALTER TABLE configurations ADD COLUMN stock_car_id TEXT REFERENCES stock_cars (id);
ALTER TABLE orders ADD COLUMN stock_car_id TEXT REFERENCES stock_cars (id);
ALTER TABLE orders ADD COLUMN stock_returned_at TEXT;
