// Helpers for the admin console's catalogue tests (ADR 023): a fresh product or gift card at version 1, and
// the requests an admin makes of each catalogue route (the admin-roles walk uses them).
import sharp from 'sharp';
import type { InjectOptions } from 'fastify';
import type { Db } from '../../src/db/client.ts';
import { giftCards, products } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

export async function insertCatalogueItem(db: Db, kind: 'product' | 'giftCard'): Promise<string> {
  const id = newId();
  const fields = { id, name: `Walk ${id}`, description: '', image: '/assets/products/starter-pouch.svg', priceCents: 1_000, coins: 1_000 };
  if (kind === 'product') await db.insert(products).values(fields);
  else await db.insert(giftCards).values({ ...fields, brand: 'Walk Brand' });
  return id;
}

export async function pngBytes(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 20, b: 40 } } })
    .png()
    .toBuffer();
}

const ITEM = { description: 'Walked', image: '/assets/products/starter-pouch.svg', price: 999, coins: 1_000 };

type Walks = Record<string, () => Promise<InjectOptions>>;

/**
 * Every admin catalogue route, keyed as the admin-roles walk names them, with the request an admin would
 * make (each edit on a fresh item, so the version sent is right whoever asked before). `database` is read
 * when a request is prepared: the walk is declared before the test app exists.
 */
export function catalogueWalks(database: () => Db): Record<string, { prepare(): Promise<InjectOptions> }> {
  const walks: Walks = {
    'POST /api/v1/admin/catalog/images': async () => ({
      method: 'POST',
      url: '/api/v1/admin/catalog/images',
      payload: await pngBytes(),
      headers: { 'content-type': 'image/png' },
    }),
    'GET /api/v1/admin/catalog/gift-cards/{id}/codes': async () => ({
      method: 'GET',
      url: `/api/v1/admin/catalog/gift-cards/${await insertCatalogueItem(database(), 'giftCard')}/codes`,
    }),
    'POST /api/v1/admin/catalog/gift-cards/{id}/codes': async () => ({
      method: 'POST',
      url: `/api/v1/admin/catalog/gift-cards/${await insertCatalogueItem(database(), 'giftCard')}/codes`,
      payload: `code\nWALK-${newId()}\n`,
      headers: { 'content-type': 'text/csv' },
    }),
  };
  for (const [kind, path] of [
    ['product', 'products'],
    ['giftCard', 'gift-cards'],
  ] as const) {
    const base = `/api/v1/admin/catalog/${path}`;
    const body = kind === 'giftCard' ? { ...ITEM, brand: 'Walk Brand' } : ITEM;
    const fresh = () => insertCatalogueItem(database(), kind);
    walks[`GET ${base}`] = async () => ({ method: 'GET', url: `${base}?q=walk&page=1&limit=5` });
    walks[`POST ${base}`] = async () => ({ method: 'POST', url: base, payload: { ...body, name: 'Walked item' } });
    walks[`GET ${base}/{id}`] = async () => ({ method: 'GET', url: `${base}/${await fresh()}` });
    walks[`PUT ${base}/{id}`] = async () => ({
      method: 'PUT',
      url: `${base}/${await fresh()}`,
      payload: { ...body, name: 'Walked edit', version: 1 },
    });
    walks[`PUT ${base}/{id}/availability`] = async () => ({
      method: 'PUT',
      url: `${base}/${await fresh()}/availability`,
      payload: { availability: 'hidden', version: 1 },
    });
    walks[`PUT ${base}/{id}/position`] = async () => ({
      method: 'PUT',
      url: `${base}/${await fresh()}/position`,
      payload: { position: 3, version: 1 },
    });
  }
  return Object.fromEntries(Object.entries(walks).map(([route, prepare]) => [route, { prepare }]));
}
