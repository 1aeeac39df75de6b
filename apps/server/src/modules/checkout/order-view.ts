// The Order document clients see (packages/shared checkout.ts), built from rows.
import type { Order, PaymentMethodKind } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { listPaymentMethods, listSettlingOrderIds } from '../payments/index.ts';
import { listOrderItems, type OrderItemRow, type OrderRow } from './repository.ts';
import { listAssignedCodes } from '../catalog/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrder(
  row: OrderRow,
  items: OrderItemRow[],
  codes: { giftCardId: string; name: string; code: string }[],
  settling = false,
  paidWith: PaymentMethodKind | null = null,
): Order {
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    items: items.map((i) => ({
      kind: i.itemKind,
      itemId: i.itemId,
      name: i.name,
      unitPrice: i.unitPriceCents,
      quantity: i.quantity,
      coins: i.coins,
      bonusCoins: i.bonusCoins,
    })),
    subtotal: row.subtotalCents,
    discount: row.discountCents,
    tax: row.taxCents,
    total: row.totalCents,
    coins: row.coins,
    bonusCoins: row.bonusCoins,
    totalCoins: row.coins + row.bonusCoins,
    coupon: row.couponCode ? { code: row.couponCode } : null,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    fulfilledAt: iso(row.fulfilledAt),
    // Codes are the goods themselves: shown only once the order is fulfilled (a refund hides them again).
    giftCardCodes: row.status === 'fulfilled' ? codes : [],
    failureReason: row.failureReason,
    // Only while the order waits for its bank payment to settle (ADR 011).
    ...(settling && row.status === 'pending' ? { paymentProcessing: true as const } : {}),
    paidWith,
  };
}

/** Orders with their lines and codes, in the order given, in two queries whatever the count. */
export async function buildOrderViews(db: Db | Tx, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const items = await listOrderItems(db, ids);
  const codes = await listAssignedCodes(db, ids);
  const settling = await listSettlingOrderIds(
    db,
    rows.filter((r) => r.status === 'pending').map((r) => r.id),
  );
  // Only orders a payment has paid name one (a fresh pending order costs no query).
  const methods = await listPaymentMethods(
    db,
    rows.flatMap((r) => (r.paymentId ? [r.paymentId] : [])),
  );
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((i) => i.orderId === row.id),
      codes.filter((c) => c.orderId === row.id).map(({ giftCardId, name, code }) => ({ giftCardId, name, code })),
      settling.has(row.id),
      (row.paymentId && methods.get(row.paymentId)) || null,
    ),
  );
}

export async function buildOrderView(db: Db | Tx, row: OrderRow): Promise<Order> {
  const [view] = await buildOrderViews(db, [row]);
  return view!;
}
