-- "Same configuration has been submitted": a customer places at most one order for the same car (the configuration's
-- choices key), enforced by the database, so two tabs (two form keys) submitting at the same moment cannot both
-- insert. Orders placed before this keep NULL (the application's check still covers them).
ALTER TABLE orders ADD COLUMN car_key TEXT;
CREATE UNIQUE INDEX orders_one_per_owner_car ON orders (owner_id, car_key) WHERE car_key IS NOT NULL;
