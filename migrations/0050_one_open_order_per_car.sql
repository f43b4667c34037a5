-- "Same configuration has been submitted" holds for an order still under way: once an order is cancelled, refunded
-- or delivered, the customer may order the same car again. The unique index of 0016 counted every order; this one
-- only those in an open status (the list is src/domain/order/repeat.ts, CLOSED_STATUSES; a test compares them).
DROP INDEX IF EXISTS orders_one_per_owner_car;
CREATE UNIQUE INDEX orders_one_open_per_owner_car ON orders (owner_id, car_key)
  WHERE car_key IS NOT NULL
    AND status NOT IN ('cancelled', 'refundRequested', 'refundPending', 'refunded', 'requestCancelled', 'orderCancelled',
      'delivered', 'orderPaid');
