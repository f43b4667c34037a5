-- Records the browser tests and the bench open: a saved configuration and an order.
INSERT OR IGNORE INTO configurations (id, model_code, country_code, created_at)
VALUES ('cfg-e2e', 'p5', 'NO', '2026-11-01T10:00:00Z');

INSERT OR IGNORE INTO orders (id, configuration_id, country_code, created_at)
VALUES ('ord-e2e', 'cfg-e2e', 'NO', '2026-11-02T10:00:00Z');

-- Store staff for the browser tests: an account signed up as staff.<cc>.<anything>@e2e.example.com
-- becomes staff of country <cc> (as `npm run staff:grant` would make it). Made anew on every setup, so a local state
-- kept from an older run gets this version.
DROP TRIGGER IF EXISTS e2e_staff_accounts;
CREATE TRIGGER e2e_staff_accounts AFTER INSERT ON users
WHEN NEW.email LIKE 'staff.__.%@e2e.example.com'
BEGIN
  UPDATE users SET roles = '["staff"]', staff_country = upper(substr(NEW.email, 7, 2)),
    email_confirmed_at = NEW.created_at WHERE id = NEW.id;
END;

-- The stock-car purchase (stock.e2e.ts) buys the cheapest Norwegian car on every run: keep it in stock.
UPDATE stock_cars SET remaining = 5 WHERE id = 'no-sr-white-comfort';
