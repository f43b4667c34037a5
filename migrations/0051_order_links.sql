-- Order links: how a customer reaches their order from an e-mail or from "find my order" without an account menu.
-- A link is single-use (used_at is set by the one statement that accepts it), expires, and is bound to one order and
-- the e-mail address it was sent to (the order's contact address at that moment; checked again when it is used).
-- Only the SHA-256 of the token is stored; the token itself travels in the e-mail.
CREATE TABLE order_links (
  token_hash TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id),
  email TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('mail', 'find')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX order_links_by_order ON order_links (order_id, created_at);
