-- The whole order as the domain sees it (src/domain/order: contact, amounts, consents, status,
-- dates), next to the columns that are queried.
ALTER TABLE orders ADD COLUMN document TEXT;
