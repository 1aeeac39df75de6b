// Whether a catalogue item can be bought now. A gift card is only as available as its stock: one whose
// codes are all sold or held by payments in progress is sold out, like a product marked unavailable.
import { sql } from 'drizzle-orm';

/**
 * SQL for a gift_cards row: offered, and at least one code free (not reserved, not sold). Written with
 * qualified names: drizzle drops the table from column references in a one-table select, which would
 * make "id" inside the subquery mean the code's id.
 */
export const giftCardAvailable = sql<boolean>`("gift_cards"."is_available" and exists (
  select 1 from "gift_card_codes" free_code
  where free_code."gift_card_id" = "gift_cards"."id" and free_code."order_id" is null
))`.mapWith(Boolean);
