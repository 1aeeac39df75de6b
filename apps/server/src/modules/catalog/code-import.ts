// Importing a CSV of gift-card codes (ADR 023). The whole import is one transaction: the codes taken, the
// card's stock and the audit entry commit together, or (a crash, a database error) nothing does. Refused
// rows are reported by line; with onRefused=skip (the default) the other rows are taken, with reject any
// refused row takes nothing. A refused code is named in the report, a code already in the store too, and
// one already sold is said to be sold (issue 24): the report goes only to the admin who uploaded the file,
// which holds the code already. The audit log keeps counts only.
import type { AdminCodeImportReport, AdminCodeRefusal, AdminCodeStock } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '@store/server-kit';
import { recordAudit } from '../audit/index.ts';
import { findItem, lockItem } from './admin-repository.ts';
import { parseCodeCsv } from './code-csv.ts';
import { countCodes, existingCodes, insertCodes } from './code-stock-repository.ts';
import { invalidateCatalogCache } from './service.ts';

/** A row whose code the store has already: in stock (free or held by a payment), or sold to a shopper. */
const alreadyKnown = ({ line, code }: { line: number; code: string }, sold: boolean): AdminCodeRefusal =>
  sold
    ? { line, code, reason: 'alreadySold', message: 'This code was already sold to a shopper.' }
    : { line, code, reason: 'alreadyInStock', message: 'This code is already in stock.' };

export async function codeStock(db: Db, giftCardId: string): Promise<AdminCodeStock> {
  if (!(await findItem(db, 'giftCard', giftCardId))) throw notFound('This gift card does not exist.');
  return countCodes(db, giftCardId);
}

export async function importCodes(
  db: Db,
  actorId: string,
  giftCardId: string,
  csv: string,
  onRefused: 'skip' | 'reject',
): Promise<AdminCodeImportReport> {
  const parsed = parseCodeCsv(csv);
  if (parsed.codes.length + parsed.refused.length === 0) throw badRequest('The file holds no codes.', 'file');
  const report = await db.transaction(async (tx) => {
    // Locked: two imports for one card run one after the other, each seeing the other's codes.
    if (!(await lockItem(tx, 'giftCard', giftCardId))) throw notFound('This gift card does not exist.');
    const known = await existingCodes(
      tx,
      parsed.codes.map((c) => c.code),
    );
    const refused = [
      ...parsed.refused,
      ...parsed.codes.filter((c) => known.has(c.code)).map((c) => alreadyKnown(c, known.get(c.code)!.sold)),
    ];
    const fresh = parsed.codes.filter((c) => !known.has(c.code));
    let taken = 0;
    if (onRefused === 'skip' || refused.length === 0) {
      const added = await insertCodes(
        tx,
        giftCardId,
        fresh.map((c) => c.code),
      );
      // A code another card's import added since the check above: refused like any code in stock.
      const lost = fresh.filter((c) => !added.has(c.code));
      if (lost.length && onRefused === 'reject') {
        throw conflict('Another import added some of these codes meanwhile; nothing was imported. Try again.', 'file');
      }
      refused.push(...lost.map((c) => alreadyKnown(c, false)));
      taken = added.size;
    }
    refused.sort((a, b) => a.line - b.line);
    const stock = await countCodes(tx, giftCardId);
    if (taken > 0) {
      // Counts only: the codes themselves are secrets and stay out of the log.
      await recordAudit(tx, {
        actorId,
        action: 'giftCard.codes.import',
        targetType: 'giftCard',
        targetId: giftCardId,
        before: { free: stock.free - taken },
        after: { free: stock.free, taken, refused: refused.length, onRefused },
      });
    }
    return { taken, refused, onRefused, stock };
  });
  // Stock decides a gift card's availability on the shop.
  invalidateCatalogCache(db);
  return report;
}
