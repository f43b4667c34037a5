-- Finance products per country (validated JSON, seeded from data/finance) and customised offers,
-- which expire: using an expired one shows "Finance Option Has Expired" and asks for fresh figures.

CREATE TABLE finance_product_documents (
  country_code TEXT PRIMARY KEY,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE finance_offers (
  id TEXT PRIMARY KEY,
  country_code TEXT NOT NULL,
  kind TEXT NOT NULL,
  request TEXT NOT NULL,
  quote TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
