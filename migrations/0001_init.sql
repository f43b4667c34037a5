-- Foundation schema: models and where they are sold, saved configurations and orders.
-- Later features extend these tables with their own numbered migrations.

CREATE TABLE models (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  range_km INTEGER NOT NULL,
  battery_kwh REAL NOT NULL,
  cargo_litres INTEGER NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE model_markets (
  model_code TEXT NOT NULL REFERENCES models (code),
  country_code TEXT NOT NULL,
  PRIMARY KEY (model_code, country_code)
);

CREATE TABLE configurations (
  id TEXT PRIMARY KEY,
  model_code TEXT NOT NULL REFERENCES models (code),
  country_code TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  configuration_id TEXT NOT NULL REFERENCES configurations (id),
  country_code TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX orders_by_configuration ON orders (configuration_id);
