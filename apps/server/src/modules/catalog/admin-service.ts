// The admin console's catalogue rules (ADR 023). Each change runs in one transaction with its audit entry,
// checks the version the admin's copy was read at (409 when another admin saved since), and then drops the
// listing cache so shoppers see the change at once.
import { randomUUID } from 'node:crypto';
import type { AdminAvailabilityUpdate, AdminCatalogueItem, AdminGiftCardInput, AdminPositionUpdate, CatalogueKind } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '@store/server-kit';
import { recordAudit } from '../audit/index.ts';
import {
  findItem,
  insertImage,
  insertItem,
  listItems,
  lockItem,
  storedAvailability,
  updateItem,
  type CatalogueSearch,
  type ItemValues,
} from './admin-repository.ts';
import { toCatalogImage } from './catalog-image.ts';
import { invalidateCatalogCache } from './service.ts';
import { UPLOADED_IMAGES_PREFIX } from './assets.ts';

/** What a create or full edit carries, schema defaults applied (brand for gift cards only). */
type ItemInput = Required<Omit<AdminGiftCardInput, 'brand'>> & { brand?: string };

const NAMES: Record<CatalogueKind, string> = { product: 'product', giftCard: 'gift card' };

const missing = (kind: CatalogueKind) => notFound(`This ${NAMES[kind]} does not exist.`);
const stale = (kind: CatalogueKind) =>
  conflict(`Another admin changed this ${NAMES[kind]} since you opened it. Reload to see their change, then edit again.`, 'version');

function valuesOf(input: ItemInput): ItemValues {
  return {
    name: input.name,
    description: input.description,
    image: input.image,
    priceCents: input.price,
    coins: input.coins,
    bonusType: input.bonusType,
    bonusAmount: input.bonusAmount,
    position: input.position,
    ...storedAvailability(input.availability),
    ...(input.brand === undefined ? {} : { brand: input.brand }),
  };
}

/** An audit snapshot: what an admin edits (timestamps and version left out, they change with every write). */
function snapshot(item: AdminCatalogueItem) {
  const { createdAt: _created, updatedAt: _updated, version: _version, ...fields } = item;
  return fields;
}

export function listCatalogue(db: Db, kind: CatalogueKind, search: CatalogueSearch) {
  return listItems(db, kind, search);
}

export async function getCatalogueItem(db: Db, kind: CatalogueKind, id: string): Promise<AdminCatalogueItem> {
  const item = await findItem(db, kind, id);
  if (!item) throw missing(kind);
  return item;
}

export async function createCatalogueItem(db: Db, actorId: string, kind: CatalogueKind, input: ItemInput): Promise<AdminCatalogueItem> {
  const id = randomUUID();
  const created = await db.transaction(async (tx) => {
    await insertItem(tx, kind, id, valuesOf(input));
    const item = (await findItem(tx, kind, id))!;
    await recordAudit(tx, { actorId, action: `${kind}.create`, targetType: kind, targetId: id, after: snapshot(item) });
    return item;
  });
  invalidateCatalogCache(db);
  return created;
}

/** Locks the row, checks the version, writes the change and its audit entry; all or nothing. */
async function change(
  db: Db,
  actorId: string,
  kind: CatalogueKind,
  id: string,
  version: number,
  action: string,
  values: Partial<ItemValues>,
): Promise<AdminCatalogueItem> {
  const changed = await db.transaction(async (tx: Tx) => {
    const before = await lockItem(tx, kind, id);
    if (!before) throw missing(kind);
    if (before.version !== version) throw stale(kind);
    await updateItem(tx, kind, id, values);
    const after = (await findItem(tx, kind, id))!;
    await recordAudit(tx, {
      actorId,
      action: `${kind}.${action}`,
      targetType: kind,
      targetId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
  invalidateCatalogCache(db);
  return changed;
}

export function updateCatalogueItem(db: Db, actorId: string, kind: CatalogueKind, id: string, input: ItemInput & { version: number }) {
  return change(db, actorId, kind, id, input.version, 'update', valuesOf(input));
}

export function setCatalogueAvailability(db: Db, actorId: string, kind: CatalogueKind, id: string, input: AdminAvailabilityUpdate) {
  return change(db, actorId, kind, id, input.version, 'availability', storedAvailability(input.availability));
}

export function setCataloguePosition(db: Db, actorId: string, kind: CatalogueKind, id: string, input: AdminPositionUpdate) {
  return change(db, actorId, kind, id, input.version, 'position', { position: input.position });
}

/** Stores the picture (re-encoded) and answers its URL, which a create or edit then names as its image. */
export async function uploadCatalogueImage(db: Db, actorId: string, upload: Buffer) {
  const image = await toCatalogImage(upload);
  const url = `${UPLOADED_IMAGES_PREFIX}${image.key}.webp`;
  await db.transaction(async (tx) => {
    await insertImage(tx, image, actorId);
    await recordAudit(tx, {
      actorId,
      action: 'catalog.image.upload',
      targetType: 'catalogImage',
      targetId: image.key,
      after: { url, bytes: image.bytes.length, width: image.width, height: image.height },
    });
  });
  return { url, width: image.width, height: image.height };
}
