-- Card attempts counted on every card path (issue 21, ADR 031).

-- The address the shopper started a payment from: a decline the provider reports later (a 3-D Secure
-- challenge's, the cashier page's, the hosted checkout's) weighs on that address too, not only on the
-- shopper. Null for payments before this migration and for attempts no shopper request started.
ALTER TABLE payments ADD COLUMN client_address text CHECK (client_address IS NULL OR length(client_address) <= 64);

-- The hosted checkout's holds on a merchant's customer (its merchant API, PUT .../card-hold): no card
-- payment of that customer's sessions is taken until hold_until. A merchant sets one when its customer is
-- over its own card-attempt limit; a later hold only ever extends it.
CREATE TABLE checkout_card_holds (
  merchant_id text NOT NULL REFERENCES checkout_merchants(id),
  customer_id text NOT NULL CHECK (length(customer_id) BETWEEN 1 AND 128),
  hold_until timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, customer_id)
);
