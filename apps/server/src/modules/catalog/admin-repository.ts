// SQL of the admin console's catalogue (ADR 023): coin packages and gift cards as the console sees them
// (hidden ones included), their writes, and the console's pictures. Products and gift cards share every
// column the console edits but the gift card's brand, so one set of queries serves both tables.
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCatalogueItem, CatalogueAvailability, CatalogueKind } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { catalogImages, giftCards, products } from '../../db/schema.ts';

type Table = typeof products | typeof giftCards;
const tableOf = (kind: CatalogueKind): Table => (kind === 'product' ? products : giftCards);

/** A LIKE pattern matching what contains `text` (its %, _ and \ taken literally). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The stored pair (is_available, is_hidden) the console shows as one availability. */
export function storedAvailability(availability: CatalogueAvailability): { isAvailable: boolean; isHidden: boolean } {
  if (availability === 'available') return { isAvailable: true, isHidden: false };
  if (availability === 'soldOut') return { isAvailable: false, isHidden: false };
  return { isAvailable: false, isHidden: true };
}

function availabilityOf(row: { isAvailable: boolean; isHidden: boolean }): CatalogueAvailability {
  if (row.isHidden) return 'hidden';
  return row.isAvailable ? 'available' : 'soldOut';
}

function columnsOf(table: Table) {
  return {
    id: table.id,
    name: table.name,
    description: table.description,
    image: table.image,
    priceCents: table.priceCents,
    coins: table.coins,
    bonusType: table.bonusType,
    bonusAmount: table.bonusAmount,
    isAvailable: table.isAvailable,
    isHidden: table.isHidden,
    position: table.position,
    version: table.version,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
    brand: table === giftCards ? giftCards.brand : sql<string | null>`null`,
  };
}

type Row = {
  id: string;
  name: string;
  description: string;
  image: string;
  priceCents: number;
  coins: number;
  bonusType: 'PERCENTAGE' | 'COINS' | null;
  bonusAmount: number | null;
  isAvailable: boolean;
  isHidden: boolean;
  position: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  brand: string | null;
};

function toItem(kind: CatalogueKind, row: Row): AdminCatalogueItem {
  return {
    id: row.id,
    kind,
    name: row.name,
    description: row.description,
    image: row.image,
    price: row.priceCents,
    coins: row.coins,
    bonusType: row.bonusType,
    bonusAmount: row.bonusAmount,
    availability: availabilityOf(row),
    position: row.position,
    brand: row.brand,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface CatalogueSearch {
  page: number;
  limit: number;
  q?: string;
  availability?: CatalogueAvailability;
}

/** By position, then name and id (stable paging); one row more than the page tells whether another follows. */
export async function listItems(db: Db, kind: CatalogueKind, search: CatalogueSearch) {
  const table = tableOf(kind);
  const filters: SQL[] = [];
  if (search.q) {
    const pattern = containsPattern(search.q);
    filters.push(kind === 'giftCard' ? or(ilike(giftCards.name, pattern), ilike(giftCards.brand, pattern))! : ilike(table.name, pattern));
  }
  if (search.availability) {
    const stored = storedAvailability(search.availability);
    filters.push(and(eq(table.isAvailable, stored.isAvailable), eq(table.isHidden, stored.isHidden))!);
  }
  const rows = (await db
    .select(columnsOf(table))
    .from(table)
    .where(and(...filters))
    .orderBy(asc(table.position), asc(table.name), asc(table.id))
    .limit(search.limit + 1)
    .offset((search.page - 1) * search.limit)) as Row[];
  return {
    items: rows.slice(0, search.limit).map((row) => toItem(kind, row)),
    page: search.page,
    limit: search.limit,
    hasMore: rows.length > search.limit,
  };
}

export async function findItem(db: Db | Tx, kind: CatalogueKind, id: string): Promise<AdminCatalogueItem | undefined> {
  const table = tableOf(kind);
  const rows = (await db.select(columnsOf(table)).from(table).where(eq(table.id, id))) as Row[];
  return rows[0] && toItem(kind, rows[0]);
}

/** The row locked until the transaction ends: a concurrent edit of the same item waits, then sees the new version. */
export async function lockItem(tx: Tx, kind: CatalogueKind, id: string): Promise<AdminCatalogueItem | undefined> {
  const table = tableOf(kind);
  const rows = (await tx.select(columnsOf(table)).from(table).where(eq(table.id, id)).for('update')) as Row[];
  return rows[0] && toItem(kind, rows[0]);
}

/** What the console writes: the fields it edits, in stored form. */
export interface ItemValues {
  name: string;
  description: string;
  image: string;
  priceCents: number;
  coins: number;
  bonusType: 'PERCENTAGE' | 'COINS' | null;
  bonusAmount: number | null;
  isAvailable: boolean;
  isHidden: boolean;
  position: number;
  brand?: string;
}

export async function insertItem(tx: Tx, kind: CatalogueKind, id: string, values: ItemValues): Promise<void> {
  if (kind === 'product') {
    const { brand: _brand, ...productValues } = values;
    await tx.insert(products).values({ id, ...productValues });
  } else {
    await tx.insert(giftCards).values({ id, ...values, brand: values.brand ?? '' });
  }
}

/** Writes the change and raises the version (the caller has checked the version it was read at). */
export async function updateItem(tx: Tx, kind: CatalogueKind, id: string, values: Partial<ItemValues>): Promise<void> {
  const changes = { ...values, version: sql`version + 1`, updatedAt: new Date() };
  if (kind === 'product') {
    const { brand: _brand, ...productChanges } = changes;
    await tx.update(products).set(productChanges).where(eq(products.id, id));
  } else {
    await tx.update(giftCards).set(changes).where(eq(giftCards.id, id));
  }
}

// --- pictures ---

export interface StoredImage {
  key: string;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/** The same picture uploaded twice is stored once (its key is the hash of its bytes). */
export async function insertImage(tx: Tx, image: StoredImage, uploadedBy: string): Promise<void> {
  await tx
    .insert(catalogImages)
    .values({ ...image, uploadedBy })
    .onConflictDoNothing({ target: catalogImages.key });
}

export async function findImage(db: Db, key: string): Promise<StoredImage | undefined> {
  const rows = await db
    .select({
      key: catalogImages.key,
      contentType: catalogImages.contentType,
      bytes: catalogImages.bytes,
      width: catalogImages.width,
      height: catalogImages.height,
    })
    .from(catalogImages)
    .where(eq(catalogImages.key, key));
  return rows[0];
}
