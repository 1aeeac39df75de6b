// Importing gift-card codes from a CSV (issue 12 "Bad input and faults", ADR 023): a report of what was
// taken and refused by line, nothing half-imported (a database error mid-way leaves nothing), huge files
// refused whole, counts only in the audit log, and each refused code named to the admin who uploaded it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCodeImportResponse, adminCodeStockResponse, adminCatalogueItemResponse, productListResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin } from '../../../test/support/cashout.ts';
import { adminAuditLog, giftCardCodes } from '../../db/schema.ts';

let t: TestApp;
let admin: Shopper;
let shopper: Shopper;
let cardId: string;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
  shopper = await createShopper(t.database.db);
  cardId = await newCard('Coral Card');
});
afterAll(() => t.close());

const db = () => t.database.db;

async function newCard(name: string): Promise<string> {
  const res = await as(t.app, admin, {
    method: 'POST',
    url: '/api/v1/admin/catalog/gift-cards',
    payload: { name, brand: 'Coral Reef', image: '/assets/products/starter-pouch.svg', price: 2_000, coins: 0 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminCatalogueItemResponse.parse(res.json()).data.id;
}

const importCsv = (id: string, csv: string | Buffer, query = '') =>
  as(t.app, admin, {
    method: 'POST',
    url: `/api/v1/admin/catalog/gift-cards/${id}/codes${query}`,
    payload: csv,
    headers: { 'content-type': 'text/csv' },
  });

const stockOf = async (id: string) =>
  adminCodeStockResponse.parse((await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/catalog/gift-cards/${id}/codes` })).json())
    .data;

const codesOf = async (id: string) =>
  (await db().select({ code: giftCardCodes.code }).from(giftCardCodes).where(eq(giftCardCodes.giftCardId, id))).map((r) => r.code).sort();

describe('importing a CSV of codes', () => {
  it('takes the good rows, reports each refused one by line, and the shop puts the card on sale at once', async () => {
    const shopCard = async () =>
      productListResponse.parse((await t.app.inject({ url: '/api/v1/admin/product' })).json()).data.giftCards.find((c) => c._id === cardId);
    expect((await shopCard())?.isAvailable).toBe(false);

    const csv =
      [
        'code',
        'CORAL-0001',
        'CORAL-0002',
        'CORAL-0001',
        '',
        'BAD CODE!',
        'CORAL-0003,extra',
        'X'.repeat(65),
        'ab',
        '"CORAL-0004"',
        '"unclosed',
        'CORAL-0005',
      ].join('\r\n') + '\r\n';
    const res = await importCsv(cardId, csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = adminCodeImportResponse.parse(res.json()).data;
    expect(report.taken).toBe(4);
    expect(report.refused.map((r) => [r.line, r.reason, r.code])).toEqual([
      [4, 'duplicateInFile', 'CORAL-0001'],
      [5, 'empty', undefined],
      [6, 'badCharacters', undefined],
      [7, 'columnCount', undefined],
      [8, 'tooLong', undefined],
      [9, 'tooShort', 'ab'],
      [11, 'badCharacters', undefined],
    ]);
    expect(report.refused[0]!.message).toBe('The same code is on line 2.');
    expect(report.stock).toEqual({ giftCardId: cardId, free: 4, reserved: 0, sold: 0 });
    expect(await codesOf(cardId)).toEqual(['CORAL-0001', 'CORAL-0002', 'CORAL-0004', 'CORAL-0005']);
    expect(await stockOf(cardId)).toEqual(report.stock);
    expect((await shopCard())?.isAvailable).toBe(true);

    // The audit log holds the counts, never the codes.
    const [entry] = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, 'giftCard.codes.import'));
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetId: cardId,
      before: { free: 0 },
      after: { free: 4, taken: 4, refused: 7, onRefused: 'skip' },
    });
    expect(JSON.stringify(entry)).not.toContain('CORAL-');
  });

  it('names each code the store has already, and says which were sold (issue 24); the audit log keeps counts only', async () => {
    const other = await newCard('Sold Card');
    await db()
      .insert(giftCardCodes)
      .values({ id: 'sold-code-row', giftCardId: other, code: 'SOLD-SECRET-1', userId: shopper.id, assignedAt: new Date() });
    const res = await importCsv(cardId, 'CORAL-0002\nSOLD-SECRET-1\nCORAL-0006\n');
    expect(res.statusCode, res.body).toBe(200);
    const report = adminCodeImportResponse.parse(res.json()).data;
    expect(report.taken).toBe(1);
    expect(report.refused).toEqual([
      { line: 1, code: 'CORAL-0002', reason: 'alreadyInStock', message: 'This code is already in stock.' },
      { line: 2, code: 'SOLD-SECRET-1', reason: 'alreadySold', message: 'This code was already sold to a shopper.' },
    ]);
    expect(await stockOf(other)).toEqual({ giftCardId: other, free: 0, reserved: 0, sold: 1 });
    // Only the uploader's report names it: the stock and the audit log do not.
    const stockBody = (await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/catalog/gift-cards/${other}/codes` })).body;
    expect(stockBody).not.toContain('SOLD-SECRET-1');
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, 'giftCard.codes.import'));
    expect(JSON.stringify(audit)).not.toContain('SOLD-SECRET-1');
  });

  it('with onRefused=reject, one refused row takes nothing', async () => {
    const before = await codesOf(cardId);
    const res = await importCsv(cardId, 'CORAL-0100\nCORAL-0100\nCORAL-0101\n', '?onRefused=reject');
    expect(res.statusCode, res.body).toBe(200);
    const report = adminCodeImportResponse.parse(res.json()).data;
    expect(report).toMatchObject({ taken: 0, onRefused: 'reject', refused: [{ line: 2, reason: 'duplicateInFile' }] });
    expect(await codesOf(cardId)).toEqual(before);
    const clean = adminCodeImportResponse.parse((await importCsv(cardId, 'CORAL-0100\nCORAL-0101\n', '?onRefused=reject')).json()).data;
    expect(clean.taken).toBe(2);
  });

  it('refuses a file over 1 MB or over 10,000 rows with 413, importing nothing', async () => {
    const before = await codesOf(cardId);
    const big = await importCsv(cardId, Buffer.alloc(1024 * 1024 + 10, 'A'));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, field: 'file' });
    expect(big.json().message).toMatch(/over 1 MB.*nothing was imported/);
    const rows = Array.from({ length: 10_001 }, (_, i) => `MANY-${String(i).padStart(6, '0')}`).join('\n');
    const many = await importCsv(cardId, rows);
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toMatch(/more than 10,000 rows/);
    expect(await codesOf(cardId)).toEqual(before);
    // Exactly 10,000 rows is taken.
    const most = await importCsv(cardId, rows.split('\n').slice(0, 10_000).join('\n'));
    expect(most.statusCode, most.body).toBe(200);
    expect(adminCodeImportResponse.parse(most.json()).data.taken).toBe(10_000);
  });

  it('leaves nothing behind when the database fails mid-way (after the first batches were written)', async () => {
    const card = await newCard('Fragile Card');
    // A real database error on the 2,500th code, after the first batches went in.
    await db().execute(
      sql.raw(`CREATE FUNCTION refuse_boom_code() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.code = 'BOOM-2500' THEN RAISE EXCEPTION 'disk on fire'; END IF; RETURN NEW; END; $$`),
    );
    await db().execute(sql.raw(`CREATE TRIGGER boom BEFORE INSERT ON gift_card_codes FOR EACH ROW EXECUTE FUNCTION refuse_boom_code()`));
    try {
      const csv = Array.from({ length: 3_000 }, (_, i) => (i === 2_499 ? 'BOOM-2500' : `FRAGILE-${i}`)).join('\n');
      const res = await importCsv(card, csv);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, code: 'INTERNAL' });
      expect(res.body).not.toContain('disk on fire');
    } finally {
      await db().execute(sql.raw('DROP TRIGGER boom ON gift_card_codes'));
      await db().execute(sql.raw('DROP FUNCTION refuse_boom_code()'));
    }
    expect(await stockOf(card)).toEqual({ giftCardId: card, free: 0, reserved: 0, sold: 0 });
    expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, card))).toHaveLength(1); // the create only
  });

  it('refuses codes that start like a spreadsheet formula, by line, without echoing them (issue 21)', async () => {
    const card = await newCard('Formula Card');
    const csv = [
      'code',
      'GOOD-0001',
      '-1234-ABCD',
      '=SUM(A1)',
      '+15551234',
      '@cmd',
      '\tTABB-0001',
      '  -SPACED',
      '"-QUOTED"',
      'IN-SIDE-OK',
    ].join('\n');
    const res = await importCsv(card, csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = adminCodeImportResponse.parse(res.json()).data;
    expect(report.taken).toBe(2);
    expect(report.refused.map((r) => [r.line, r.reason, r.code])).toEqual(
      [3, 4, 5, 6, 7, 8, 9].map((line) => [line, 'formulaLeading', undefined]),
    );
    expect(await codesOf(card)).toEqual(['GOOD-0001', 'IN-SIDE-OK']);
    // With onRefused=reject the same file takes nothing.
    const strict = await newCard('Formula Card Strict');
    expect(adminCodeImportResponse.parse((await importCsv(strict, csv, '?onRefused=reject')).json()).data.taken).toBe(0);
    expect(await codesOf(strict)).toEqual([]);
  });

  it('gives the event loop a turn between its batches, still in one transaction (issue 21)', async () => {
    const card = await newCard('Patient Card');
    const csv = Array.from({ length: 5_000 }, (_, i) => `PATIENT-${i}`).join('\n');
    // A callback queued again at every turn of the event loop: it runs only when the import lets go.
    let turns = 0;
    let importing = true;
    const turn = () => {
      turns += 1;
      if (importing) setImmediate(turn);
    };
    setImmediate(turn);
    const res = await importCsv(card, csv);
    importing = false;
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCodeImportResponse.parse(res.json()).data.taken).toBe(5_000);
    // 5,000 codes are 10 lookups and 10 inserts of 500: the loop turned between each of them.
    expect(turns).toBeGreaterThanOrEqual(18);
  });

  it('answers 400 for an empty file, 404 for an unknown card, 400 for a bad onRefused', async () => {
    const empty = await importCsv(cardId, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'file' });
    expect((await importCsv(cardId, 'code\n')).statusCode).toBe(400);
    expect((await importCsv('no-such-card', 'NEW-CODE-1\n')).statusCode).toBe(404);
    expect((await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/catalog/gift-cards/no-such-card/codes' })).statusCode).toBe(404);
    const bad = await importCsv(cardId, 'NEW-CODE-1\n', '?onRefused=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'onRefused' });
  });
});
