// The admin console's catalogue (issue 12, ADR 023): every route as guest, shopper and admin; bad input
// named by field and changing nothing; the audit log written with each change; two admins editing the same
// item at once (one wins, the other is told); and the shop showing the change at once.
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  adminCatalogueImageResponse,
  adminCatalogueItemResponse,
  adminCatalogueListResponse,
  productListResponse,
  type AdminCatalogueItem,
  type AdminProductInput,
} from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, JADE_GIFT_CARD, STARTER_POUCH, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin } from '../../../test/support/cashout.ts';
import { adminAuditLog, products } from '../../db/schema.ts';

let t: TestApp;
let admin: Shopper;
let shopper: Shopper;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
  shopper = await createShopper(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const NEW_PRODUCT: AdminProductInput = {
  name: 'Dragon Hoard 9,000 coins',
  description: 'A hoard fit for an emperor.',
  image: '/assets/products/starter-pouch.svg',
  price: 7_777,
  coins: 9_000,
  bonusType: 'PERCENTAGE',
  bonusAmount: 10,
};

const shopListing = async (query = '') =>
  productListResponse.parse((await t.app.inject({ url: `/api/v1/admin/product${query}` })).json()).data;

async function create(payload: unknown = NEW_PRODUCT, kind = 'products'): Promise<AdminCatalogueItem> {
  const res = await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/catalog/${kind}`, payload: payload as object });
  expect(res.statusCode, res.body).toBe(201);
  return adminCatalogueItemResponse.parse(res.json()).data;
}

const latestAudit = async (targetId: string) =>
  db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(desc(adminAuditLog.id));

async function png(width = 1200, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
}

describe('roles', () => {
  const requests: Record<string, () => Promise<InjectOptions>> = {
    'list products': async () => ({ method: 'GET', url: '/api/v1/admin/catalog/products' }),
    'list gift cards': async () => ({ method: 'GET', url: '/api/v1/admin/catalog/gift-cards?q=jade' }),
    'create a product': async () => ({ method: 'POST', url: '/api/v1/admin/catalog/products', payload: NEW_PRODUCT }),
    'upload a picture': async () => ({
      method: 'POST',
      url: '/api/v1/admin/catalog/images',
      payload: await png(),
      headers: { 'content-type': 'image/png' },
    }),
    'count codes': async () => ({ method: 'GET', url: `/api/v1/admin/catalog/gift-cards/${JADE_GIFT_CARD}/codes` }),
    'import codes': async () => ({
      method: 'POST',
      url: `/api/v1/admin/catalog/gift-cards/${JADE_GIFT_CARD}/codes`,
      payload: `ROLE-${Date.now()}-A\n`,
      headers: { 'content-type': 'text/csv' },
    }),
  };

  it.each(Object.keys(requests))('%s: guest 401, shopper 403 (before the input is read), admin 2xx', async (name) => {
    const request = await requests[name]!();
    const guest = await t.app.inject(request);
    expect(guest.statusCode, guest.body).toBe(401);
    const asShopper = await as(t.app, shopper, request);
    expect(asShopper.statusCode, asShopper.body).toBe(403);
    expect(asShopper.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const asAdmin = await as(t.app, admin, request);
    expect(asAdmin.statusCode, asAdmin.body).toBeGreaterThanOrEqual(200);
    expect(asAdmin.statusCode, asAdmin.body).toBeLessThan(300);
  });

  it('the shop keeps serving shoppers and guests its own reads under the admin prefix', async () => {
    expect((await t.app.inject({ url: '/api/v1/admin/product' })).statusCode).toBe(200);
    expect((await as(t.app, shopper, { method: 'GET', url: `/api/v1/admin/gift-card/${JADE_GIFT_CARD}` })).statusCode).toBe(200);
  });
});

describe('products', () => {
  it('creates a product the shop lists at once, and writes the audit log', async () => {
    await shopListing(); // fills the listing cache: the create must clear it
    const item = await create();
    expect(item).toMatchObject({
      name: NEW_PRODUCT.name,
      price: 7_777,
      availability: 'available',
      version: 1,
      kind: 'product',
      brand: null,
    });
    const listed = (await shopListing()).data.find((p) => p._id === item.id);
    expect(listed).toMatchObject({ name: NEW_PRODUCT.name, price: 7_777, coins: 9_000, isAvailable: true });
    const [entry] = await latestAudit(item.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'product.create', targetType: 'product', before: null });
    expect(entry!.after).toMatchObject({ name: NEW_PRODUCT.name, price: 7_777 });
  });

  it('lists every product, hidden ones included, paged and searched on the server', async () => {
    const page1 = adminCatalogueListResponse.parse(
      (await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/catalog/products?limit=3&page=1' })).json(),
    ).data;
    expect(page1.items).toHaveLength(3);
    expect(page1.hasMore).toBe(true);
    const page2 = adminCatalogueListResponse.parse(
      (await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/catalog/products?limit=3&page=2' })).json(),
    ).data;
    expect(page2.items.map((i) => i.id)).not.toContain(page1.items[0]!.id);
    const found = adminCatalogueListResponse.parse(
      (await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/catalog/products?q=LANTERN' })).json(),
    ).data;
    expect(found.items.map((i) => [i.name, i.availability])).toEqual([['Lantern Bundle 1,500 coins', 'soldOut']]);
    const percent = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/catalog/products?q=100%25' });
    expect(adminCatalogueListResponse.parse(percent.json()).data.items).toEqual([]);
  });

  it('edits a product with its version; the shop shows the edit at once', async () => {
    const item = await create({ ...NEW_PRODUCT, name: 'Edit me' });
    await shopListing();
    const res = await as(t.app, admin, {
      method: 'PUT',
      url: `/api/v1/admin/catalog/products/${item.id}`,
      payload: { ...NEW_PRODUCT, name: 'Edited', price: 1_234, version: item.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCatalogueItemResponse.parse(res.json()).data).toMatchObject({ name: 'Edited', price: 1_234, version: 2 });
    expect((await shopListing()).data.find((p) => p._id === item.id)).toMatchObject({ name: 'Edited', price: 1_234 });
    const [entry] = await latestAudit(item.id);
    expect(entry).toMatchObject({ action: 'product.update', actorId: admin.id });
    expect(entry!.before).toMatchObject({ name: 'Edit me', price: 7_777 });
    expect(entry!.after).toMatchObject({ name: 'Edited', price: 1_234 });
  });

  it('two admins editing the same product from the same copy: one wins, the other gets 409 and changes nothing', async () => {
    const item = await create({ ...NEW_PRODUCT, name: 'Contested' });
    const other = await createAdmin(db());
    const [a, b] = await Promise.all([
      as(t.app, admin, {
        method: 'PUT',
        url: `/api/v1/admin/catalog/products/${item.id}`,
        payload: { ...NEW_PRODUCT, name: 'From A', version: 1 },
      }),
      as(t.app, other, {
        method: 'PUT',
        url: `/api/v1/admin/catalog/products/${item.id}`,
        payload: { ...NEW_PRODUCT, name: 'From B', version: 1 },
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({ success: false, code: 'CONFLICT', field: 'version' });
    expect(loser.json().message).toMatch(/Another admin changed this product/);
    const winnerName = a.statusCode === 200 ? 'From A' : 'From B';
    const now = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/catalog/products/${item.id}` });
    expect(adminCatalogueItemResponse.parse(now.json()).data).toMatchObject({ name: winnerName, version: 2 });
    expect((await latestAudit(item.id)).map((e) => e.action)).toEqual(['product.update', 'product.create']);
  });

  it('hides a product (off the shop, its page 404) and puts it back; soldOut lists it as sold', async () => {
    const item = await create({ ...NEW_PRODUCT, name: 'Now you see me' });
    const setTo = (availability: string, version: number) =>
      as(t.app, admin, {
        method: 'PUT',
        url: `/api/v1/admin/catalog/products/${item.id}/availability`,
        payload: { availability, version },
      });
    const hidden = await setTo('hidden', 1);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await shopListing()).data.map((p) => p._id)).not.toContain(item.id);
    expect((await t.app.inject({ url: `/api/v1/admin/product/eachProduct/${item.id}` })).statusCode).toBe(404);
    // Not buyable either: the cart refuses it as it refuses a sold-out package.
    const add = await as(t.app, shopper, {
      method: 'POST',
      url: '/api/v1/cart',
      payload: { itemId: item.id, quantity: 1, type: 'product' },
    });
    expect(add.statusCode).toBe(422);
    const [entry] = await latestAudit(item.id);
    expect(entry).toMatchObject({
      action: 'product.availability',
      before: { availability: 'available' },
      after: { availability: 'hidden' },
    });

    expect((await setTo('soldOut', 2)).statusCode).toBe(200);
    expect((await shopListing()).data.find((p) => p._id === item.id)).toMatchObject({ isAvailable: false });
    expect((await setTo('available', 2)).statusCode).toBe(409);
    expect((await setTo('available', 3)).statusCode).toBe(200);
    expect((await shopListing()).data.find((p) => p._id === item.id)).toMatchObject({ isAvailable: true });
  });

  it('orders the shop by position: first without a price order, as the tie-breaker with one', async () => {
    const a = await create({ ...NEW_PRODUCT, name: 'Tie A', price: 4_242, position: 10 });
    const b = await create({ ...NEW_PRODUCT, name: 'Tie B', price: 4_242, position: 20 });
    const ids = async (query: string) => (await shopListing(query)).data.map((p) => p._id).filter((id) => id === a.id || id === b.id);
    expect(await ids('?sortOrder=asc')).toEqual([a.id, b.id]);
    const moved = await as(t.app, admin, {
      method: 'PUT',
      url: `/api/v1/admin/catalog/products/${b.id}/position`,
      payload: { position: 5, version: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await ids('?sortOrder=asc')).toEqual([b.id, a.id]);
    expect(await ids('?sortOrder=desc')).toEqual([b.id, a.id]);
    // Without a price order the position comes first: the starter pouch ($4.99, position 0) before a
    // cheaper package placed at 7; with a price order the cheaper one leads.
    const cheap = await create({ ...NEW_PRODUCT, name: 'Cheap', price: 50, position: 7 });
    const order = async (query: string) => (await shopListing(query)).data.map((p) => p._id);
    const unsorted = await order('');
    expect(unsorted.indexOf(STARTER_POUCH)).toBeLessThan(unsorted.indexOf(cheap.id));
    const byPrice = await order('?sortOrder=asc');
    expect(byPrice.indexOf(cheap.id)).toBeLessThan(byPrice.indexOf(STARTER_POUCH));
    expect((await latestAudit(b.id))[0]).toMatchObject({ action: 'product.position', before: { position: 20 }, after: { position: 5 } });
  });

  it.each([
    ['name', { ...NEW_PRODUCT, name: '  ' }],
    ['price', { ...NEW_PRODUCT, price: 12.5 }],
    ['price', { ...NEW_PRODUCT, price: 0 }],
    ['coins', { ...NEW_PRODUCT, coins: -1 }],
    ['image', { ...NEW_PRODUCT, image: 'https://evil.example/x.png' }],
    ['image', { ...NEW_PRODUCT, image: '/assets/products/../../etc/passwd' }],
    ['bonusAmount', { ...NEW_PRODUCT, bonusType: 'PERCENTAGE', bonusAmount: 150 }],
    ['bonusAmount', { ...NEW_PRODUCT, bonusType: 'COINS', bonusAmount: null }],
    ['availability', { ...NEW_PRODUCT, availability: 'maybe' }],
    ['position', { ...NEW_PRODUCT, position: -1 }],
    ['brand', { ...NEW_PRODUCT, brand: 'Products have none' }],
  ])('refuses a bad %s with 400 naming it, and creates nothing', async (field, payload) => {
    const before = (await db().select({ id: products.id }).from(products)).length;
    const res = await as(t.app, admin, { method: 'POST', url: '/api/v1/admin/catalog/products', payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
    expect((await db().select({ id: products.id }).from(products)).length).toBe(before);
  });

  it('refuses an edit without its version (400) and an unknown id (404)', async () => {
    const res = await as(t.app, admin, { method: 'PUT', url: `/api/v1/admin/catalog/products/${STARTER_POUCH}`, payload: NEW_PRODUCT });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'version' });
    const unknown = await as(t.app, admin, {
      method: 'PUT',
      url: '/api/v1/admin/catalog/products/nope/position',
      payload: { position: 1, version: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/catalog/products/nope' })).statusCode).toBe(404);
  });
});

describe('gift cards', () => {
  it('creates, edits and hides a gift card with its brand; the shop follows', async () => {
    const card = await create(
      { ...NEW_PRODUCT, name: 'Pearl Card', brand: 'Pearl Market', coins: 0, bonusType: null, bonusAmount: null },
      'gift-cards',
    );
    expect(card).toMatchObject({ kind: 'giftCard', brand: 'Pearl Market' });
    // No codes yet: listed, but sold out until stock is imported.
    expect((await shopListing()).giftCards.find((c) => c._id === card.id)).toMatchObject({ isAvailable: false });
    const edit = await as(t.app, admin, {
      method: 'PUT',
      url: `/api/v1/admin/catalog/gift-cards/${card.id}`,
      payload: { ...NEW_PRODUCT, name: 'Pearl Card', brand: 'Pearl Bazaar', coins: 0, bonusType: null, bonusAmount: null, version: 1 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await latestAudit(card.id))[0]).toMatchObject({
      action: 'giftCard.update',
      before: { brand: 'Pearl Market' },
      after: { brand: 'Pearl Bazaar' },
    });
    const hide = await as(t.app, admin, {
      method: 'PUT',
      url: `/api/v1/admin/catalog/gift-cards/${card.id}/availability`,
      payload: { availability: 'hidden', version: 2 },
    });
    expect(hide.statusCode).toBe(200);
    expect((await shopListing()).giftCards.map((c) => c._id)).not.toContain(card.id);
    expect((await t.app.inject({ url: `/api/v1/admin/gift-card/${card.id}` })).statusCode).toBe(404);
  });

  it('refuses a gift card without a brand, naming it', async () => {
    const res = await as(t.app, admin, { method: 'POST', url: '/api/v1/admin/catalog/gift-cards', payload: NEW_PRODUCT });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'brand' });
  });
});

describe('pictures', () => {
  it('stores an upload as a WebP served under /assets/products/uploads/, audited, usable as an image', async () => {
    const res = await as(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin/catalog/images',
      payload: await png(1600, 800),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = adminCatalogueImageResponse.parse(res.json()).data;
    expect(image).toMatchObject({ width: 800, height: 400 });
    expect(image.url).toMatch(/^\/assets\/products\/uploads\/[a-f0-9]{32}\.webp$/);
    const served = await t.app.inject({ url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    const key = image.url.split('/').pop()!.replace('.webp', '');
    expect((await latestAudit(key))[0]).toMatchObject({ action: 'catalog.image.upload', actorId: admin.id });
    const item = await create({ ...NEW_PRODUCT, name: 'With picture', image: image.url });
    expect((await shopListing()).data.find((p) => p._id === item.id)?.image).toBe(image.url);
    expect((await t.app.inject({ url: '/assets/products/uploads/0123456789abcdef0123456789abcdef.webp' })).statusCode).toBe(404);
  });

  it('refuses what is not a picture by its bytes (415), an unreadable one (400), an empty body (400) and a huge one (413)', async () => {
    const upload = (payload: Buffer | string, type = 'image/png') =>
      as(t.app, admin, { method: 'POST', url: '/api/v1/admin/catalog/images', payload, headers: { 'content-type': type } });
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({ field: 'image', message: 'Upload a PNG, JPEG or WebP picture.' });
    const broken = await upload(Buffer.concat([(await png()).subarray(0, 8), Buffer.from('not a png at all')]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ field: 'image' });
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
    const huge = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/over 5 MB/);
  });
});
