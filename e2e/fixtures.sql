-- Records the browser tests and the bench open: a saved configuration and an order.
INSERT OR IGNORE INTO configurations (id, model_code, country_code, created_at)
VALUES ('cfg-e2e', 'p5', 'NO', '2026-11-01T10:00:00Z');

INSERT OR IGNORE INTO orders (id, configuration_id, country_code, created_at)
VALUES ('ord-e2e', 'cfg-e2e', 'NO', '2026-11-02T10:00:00Z');

-- Store staff for the browser tests: an account signed up as staff.<cc>.<anything>@e2e.example.com
-- becomes staff of country <cc> (as `npm run staff:grant` would make it).
CREATE TRIGGER IF NOT EXISTS e2e_staff_accounts AFTER INSERT ON users
WHEN NEW.email LIKE 'staff.__.%@e2e.example.com'
BEGIN
  UPDATE users SET roles = '["staff"]', staff_country = upper(substr(NEW.email, 7, 2)) WHERE id = NEW.id;
END;

-- The stock-car purchase (stock.e2e.ts) buys the cheapest Norwegian car on every run: keep it in stock.
UPDATE stock_cars SET remaining = 5 WHERE id = 'no-sr-white-comfort';

-- The app's sign-in hand-over (app.e2e.ts): an account and a sign-in code of it that expired long ago, made unused
-- again on every run. The code is e2e-expired-sign-in-code-000000000000000000; only its SHA-256 is stored.
INSERT OR IGNORE INTO users (id, email, name, password_hash, password_salt, password_iterations, types, created_at, updated_at)
VALUES ('usr-e2e-app', 'e2e.app@example.com', 'App Fixture', 'x', 'x', 100000, '[]', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');

INSERT OR REPLACE INTO app_sign_in_codes (code_hash, user_id, session_id, created_at, expires_at, used_at)
VALUES ('mKKA1rdcGTIWP2BCHLi53rHAIy8Byizsaeefv5TGoOg', 'usr-e2e-app', 'ses-e2e-app', '2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z', NULL);
