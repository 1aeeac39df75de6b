// The admin console's order search (issue 12), the console's busiest read: an order by id or number, or the
// orders of shoppers by the start of their e-mail, with state and time filters, paged newest first. The usual
// search (a few shoppers) runs as prepared statements planned once per connection (issue 26, ADR 065).
import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { orders, orderStatuses, users } from '../../db/schema.ts';
import { orderColumns, orderSummaryColumns, paged, prefixPattern, type Paging } from './repository.ts';

export interface OrderSearch extends Paging {
  q?: string;
  userId?: string;
  state?: (typeof orderStatuses)[number];
  from?: Date;
  to?: Date;
}

/** Up to this many shoppers whose e-mail starts with q are looked up by id; more are matched in the scan. */
const LISTED_SHOPPERS = 100;

/** An order number as people type it ("100042" or "#100042"; issue 24), else null. */
function orderNumberIn(q: string): number | null {
  const match = /^#?(\d{1,15})$/.exec(q.trim());
  return match ? Number(match[1]) : null;
}

/** The order with the id q, or with the number q names. */
function orderNamedBy(q: string): SQL {
  const orderNumber = orderNumberIn(q);
  return orderNumber === null ? eq(orders.id, q) : or(eq(orders.id, q), eq(orders.number, orderNumber))!;
}

/**
 * The first text after every text that starts with `prefix`, in the byte order of the e-mail prefix index
 * (text_pattern_ops compares UTF-8 bytes, which is code point order): the prefix with its last code point
 * raised by one. Null when there is none (the last code point is the highest).
 */
export function prefixEnd(prefix: string): string | null {
  const points = [...prefix];
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      const next = last + 1 === 0xd800 ? 0xe000 : last + 1; // surrogates are not text
      return points.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}

const p = sql.placeholder;

/**
 * The statements of the usual search, planned once per connection (issue 26, ADR 065): every value is a
 * parameter, so the plan cannot depend on one and each is written for the plan it needs. Kept per Db.
 */
function preparedSearch(db: Db) {
  // The shoppers by the e-mail prefix index: a range on its operators (a parameter LIKE cannot use it),
  // and LIKE itself for the exact match.
  const shoppers = db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${users.email} ~>=~ ${p('low')}`, sql`${users.email} ~<~ ${p('high')}`, sql`${users.email} LIKE ${p('pattern')}`))
    .limit(LISTED_SHOPPERS + 1)
    .prepare('admin_order_search_shoppers');

  // Optional filters as parameters: null leaves each out.
  const inBounds = and(
    sql`(${p('state')}::text IS NULL OR ${orders.status} = ${p('state')}::text)`,
    sql`${orders.createdAt} >= coalesce(${p('from')}::timestamptz, '-infinity')`,
    sql`${orders.createdAt} <= coalesce(${p('to')}::timestamptz, 'infinity')`,
  );
  const shopperIds = sql`${p('shopperIds')}::text[]`;
  // Each shopper's newest orders from the shopper index, only as many as the page can reach: a shopper's
  // orders are read newest first, however old, and never the store's other orders.
  const shopperOrders = db
    .select(orderColumns)
    .from(orders)
    .where(and(sql`${orders.userId} = shopper.id`, inBounds))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(p('reach'))
    .as('shopper_orders');
  const ofShoppers = db
    .select({ ...shopperOrders._.selectedFields })
    .from(sql`unnest(${shopperIds}) AS shopper(id)`)
    .crossJoinLateral(shopperOrders);
  // The order q names, unless it is one of those shoppers' (then it is among theirs already).
  const named = db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        or(eq(orders.id, p('q')), sql`${orders.number} = ${p('number')}::bigint`),
        sql`NOT (${orders.userId} = ANY(${shopperIds}))`,
        inBounds,
      ),
    );
  const pageOrders = unionAll(ofShoppers, named)
    .orderBy(desc(sql`created_at`), desc(sql`id`))
    .limit(p('limit'))
    .offset(p('offset'))
    .as('orders');
  // The shoppers' names for the page's rows only. The page is named as the table, so the orders' own columns
  // read it: drizzle maps a table's columns at once and a subquery's fields through proxies, which cost
  // more than the query itself (issue 26).
  const page = db
    .select(orderSummaryColumns)
    .from(pageOrders)
    .innerJoin(users, eq(users.id, orders.userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .prepare('admin_order_search_few_shoppers');
  return { shoppers, page };
}

const preparedSearches = new WeakMap<Db, ReturnType<typeof preparedSearch>>();
function searchStatements(db: Db) {
  let prepared = preparedSearches.get(db);
  if (!prepared) preparedSearches.set(db, (prepared = preparedSearch(db)));
  return prepared;
}

/**
 * Which orders q names: the order with that id or number, or the orders of shoppers whose e-mail starts with q.
 * The shoppers are found first (e-mail prefix index): a few are named by id, so their orders come from
 * the shopper index whatever their age; many (a short prefix) are matched while the newest orders are
 * read, where matches are frequent enough to fill a page early.
 */
function matchingOrders(q: string, shopperIds: string[] | null): SQL {
  if (shopperIds === null) {
    const pattern = prefixPattern(q.toLowerCase());
    return or(orderNamedBy(q), sql`${orders.userId} IN (SELECT id FROM users WHERE email LIKE ${pattern})`)!;
  }
  return shopperIds.length === 0 ? orderNamedBy(q) : or(orderNamedBy(q), inArray(orders.userId, shopperIds))!;
}

/** The ids of the shoppers whose e-mail starts with q, or null when there are more than LISTED_SHOPPERS. */
async function shoppersNamedBy(db: Db, q: string): Promise<string[] | null> {
  const prefix = q.toLowerCase();
  const high = prefixEnd(prefix);
  const pattern = prefixPattern(prefix);
  const found =
    high === null
      ? await db
          .select({ id: users.id })
          .from(users)
          .where(sql`${users.email} LIKE ${pattern}`)
          .limit(LISTED_SHOPPERS + 1)
      : await searchStatements(db).shoppers.execute({ low: prefix, high, pattern });
  return found.length > LISTED_SHOPPERS ? null : found.map((s) => s.id);
}

/** Orders newest first (id breaks ties, so pages never repeat or skip a row). */
export async function findOrderPage(db: Db, search: OrderSearch) {
  const offset = (search.page - 1) * search.limit;
  const shopperIds = search.q ? await shoppersNamedBy(db, search.q) : null;
  if (search.q && shopperIds && shopperIds.length > 0 && !search.userId) {
    // The usual search (the start of an e-mail naming a few shoppers): one prepared statement.
    const rows = await searchStatements(db).page.execute({
      shopperIds,
      q: search.q,
      number: orderNumberIn(search.q),
      state: search.state ?? null,
      from: search.from?.toISOString() ?? null,
      to: search.to?.toISOString() ?? null,
      reach: offset + search.limit + 1,
      limit: search.limit + 1,
      offset,
    });
    return paged(rows, search);
  }
  const filters: SQL[] = [];
  if (search.q) filters.push(matchingOrders(search.q, shopperIds));
  if (search.userId) filters.push(eq(orders.userId, search.userId));
  if (search.state) filters.push(eq(orders.status, search.state));
  if (search.from) filters.push(gte(orders.createdAt, search.from));
  if (search.to) filters.push(lte(orders.createdAt, search.to));
  const rows = await db
    .select(orderSummaryColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(...filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(search.limit + 1)
    .offset(offset);
  return paged(rows, search);
}
