-- Catalog and price rules as validated JSON documents (schemas in src/domain/catalog and
-- src/domain/pricing), seeded from data/ on every start. Saved configurations keep their choices and
-- the price they were saved at, so a later change of price shows as a difference.

CREATE TABLE catalog_documents (
  model_code TEXT PRIMARY KEY,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE price_rule_documents (
  country_code TEXT PRIMARY KEY,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE marketing_documents (
  id TEXT PRIMARY KEY,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

ALTER TABLE configurations ADD COLUMN choices TEXT;
ALTER TABLE configurations ADD COLUMN usage TEXT;
ALTER TABLE configurations ADD COLUMN saved_price TEXT;
