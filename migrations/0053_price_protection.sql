-- Price protection (src/worker/price-protection.ts): the scheduled check re-prices each open protected order's car
-- once a day; this column is when it was last checked, so each run takes the orders not yet checked today.
ALTER TABLE orders ADD COLUMN price_checked_at TEXT;
CREATE INDEX orders_by_price_check ON orders (price_checked_at);
