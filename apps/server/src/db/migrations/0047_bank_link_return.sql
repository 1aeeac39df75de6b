-- Where a bank-linking page comes back to (issue 24): cash-out links an account in place, so a shopper with
-- none is not sent away to the payment-methods page. Null: an order's pay page, or the payment-methods page.
ALTER TABLE bank_links ADD COLUMN return_to text CHECK (return_to IN ('cash-out'));
