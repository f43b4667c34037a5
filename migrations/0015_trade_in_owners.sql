-- A trade-in valuation belongs to someone: the signed-in customer who made it (owner_id) or the browser that made
-- it (browser_key: the SHA-256 of a random key kept in that browser's trade-in cookie). Only they can see it or
-- attach it to an order. A second person valuing the same car gets their own record, so the VIN is no longer unique
-- on its own: it is unique per owner (owner_key), and at most one valuation of a VIN is placed with an order ("this
-- VIN already matched other orders"). SQLite cannot drop a column's UNIQUE, hence the rebuild; rows made before
-- this have no browser key (legacy:<id>), so only a signed-in owner still sees theirs.
CREATE TABLE trade_in_valuations_owned (
  id TEXT PRIMARY KEY,
  vin TEXT NOT NULL,
  owner_id TEXT REFERENCES users (id),
  browser_key TEXT,
  -- 'u:<user id>' or 'b:<browser key>': who may value this VIN again (their row is updated).
  owner_key TEXT NOT NULL,
  owner_name TEXT NOT NULL,
  plate TEXT NOT NULL,
  country_code TEXT NOT NULL,
  locale TEXT NOT NULL,
  brand TEXT NOT NULL,
  series TEXT NOT NULL,
  variant TEXT NOT NULL,
  first_registration_year INTEGER NOT NULL,
  mileage_km INTEGER NOT NULL,
  estimate_amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  model_valid_from TEXT NOT NULL,
  order_id TEXT REFERENCES orders (id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

INSERT INTO trade_in_valuations_owned
  (id, vin, owner_id, browser_key, owner_key, owner_name, plate, country_code, locale, brand, series, variant,
   first_registration_year, mileage_km, estimate_amount, currency, model_valid_from, order_id, created_at, updated_at)
SELECT id, vin, owner_id, NULL, COALESCE('u:' || owner_id, 'legacy:' || id), owner_name, plate, country_code, locale,
       brand, series, variant, first_registration_year, mileage_km, estimate_amount, currency, model_valid_from,
       order_id, created_at, updated_at
  FROM trade_in_valuations;

DROP TABLE trade_in_valuations;
ALTER TABLE trade_in_valuations_owned RENAME TO trade_in_valuations;

CREATE INDEX trade_in_valuations_by_order ON trade_in_valuations (order_id);
CREATE UNIQUE INDEX trade_in_valuations_one_per_owner ON trade_in_valuations (vin, owner_key);
CREATE UNIQUE INDEX trade_in_valuations_one_order_per_vin ON trade_in_valuations (vin) WHERE order_id IS NOT NULL;
