-- Redeeming gift-card codes in the store (issue 24): a sold code is entered at /redeem and its coins (and the
-- gift card's bonus) go to the wallet of whoever redeems it, once. What a code gives is fixed when it is sold
-- (coins, bonus_coins), so a later change to the gift card never changes a code someone already bought.
-- redeemed_by/redeemed_at record the one redemption; the ledger's unique reference makes it exactly once.
ALTER TABLE gift_card_codes
  ADD COLUMN coins integer CHECK (coins >= 0),
  ADD COLUMN bonus_coins integer CHECK (bonus_coins >= 0),
  ADD COLUMN redeemed_by text REFERENCES users(id),
  ADD COLUMN redeemed_at timestamptz,
  ADD CONSTRAINT gift_card_codes_redeemed_together CHECK ((redeemed_by IS NULL) = (redeemed_at IS NULL));

-- Codes sold before this migration: their value was not recorded, so they give what their gift card gives today.
UPDATE gift_card_codes c
SET coins = g.coins,
    bonus_coins = CASE g.bonus_type
      WHEN 'COINS' THEN coalesce(g.bonus_amount, 0)
      WHEN 'PERCENTAGE' THEN (g.coins * coalesce(g.bonus_amount, 0)) / 100
      ELSE 0 END
FROM gift_cards g
WHERE g.id = c.gift_card_id AND c.assigned_at IS NOT NULL;
