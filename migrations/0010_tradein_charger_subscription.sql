-- Trade-in valuations, home-charger enquiries and subscription requests, plus the documents behind the first and
-- the last (valuation table, subscription offers), seeded from data/tradein and data/subscription.

CREATE TABLE program_documents (
  id TEXT PRIMARY KEY,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- One valuation per VIN: the customer who valued it first may value it again (the row is updated); anyone else is
-- refused ("this VIN already matched other orders"). The same customer is the same signed-in account or whoever
-- gives the same plate number with the VIN (they hold the registration certificate). Once an order is placed with
-- the estimate, the VIN is refused to everyone.
CREATE TABLE trade_in_valuations (
  id TEXT PRIMARY KEY,
  vin TEXT NOT NULL UNIQUE,
  owner_id TEXT REFERENCES users (id),
  owner_name TEXT NOT NULL,
  plate TEXT NOT NULL,
  country_code TEXT NOT NULL,
  locale TEXT NOT NULL,
  brand TEXT NOT NULL,
  series TEXT NOT NULL,
  variant TEXT NOT NULL,
  first_registration_year INTEGER NOT NULL,
  mileage_km INTEGER NOT NULL,
  -- The estimate in integer minor units of the currency, as the valuation model gave it.
  estimate_amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  model_valid_from TEXT NOT NULL,
  -- The order placed with this estimate (the order's tradeInCarInfo); shown beside it, never deducted from its
  -- price, because the final trade-in price is only set at the inspection.
  order_id TEXT REFERENCES orders (id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX trade_in_valuations_by_order ON trade_in_valuations (order_id);

CREATE TABLE charger_enquiries (
  id TEXT PRIMARY KEY,
  -- One enquiry per submission: a retry or a double click sends the same key.
  idempotency_key TEXT NOT NULL UNIQUE,
  country_code TEXT NOT NULL,
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  street TEXT NOT NULL,
  zip TEXT NOT NULL,
  city TEXT NOT NULL,
  house_type TEXT NOT NULL,
  installation_window TEXT NOT NULL,
  owner_id TEXT REFERENCES users (id),
  privacy_accepted_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE subscription_requests (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  country_code TEXT NOT NULL,
  locale TEXT NOT NULL,
  -- The offer as shown (price per month, term, mileage, services), so the request matches what was seen.
  offer TEXT NOT NULL,
  personal TEXT NOT NULL,
  consents TEXT NOT NULL,
  owner_id TEXT REFERENCES users (id),
  created_at TEXT NOT NULL
);

