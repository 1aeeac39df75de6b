-- Order numbers (issue 24): a short number a shopper reads out to support and finds in the receipt mail,
-- My purchases and the console, beside the order's id (which stays the key every API and URL uses). Numbered
-- from 100001 so every number has six digits for a long while; existing orders are numbered by the scan. A
-- rolled-back placement leaves a gap, as every shop's numbering does.
ALTER TABLE orders ADD COLUMN number bigint GENERATED ALWAYS AS IDENTITY (START WITH 100001);
ALTER TABLE orders ADD CONSTRAINT orders_number_unique UNIQUE (number);
