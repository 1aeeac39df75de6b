// No callback carries a transaction between modules (issue 25, ADR 055): a transaction that spans modules is
// opened by a workflow (apps/server/src/workflows), which calls each module's step with it. So no module's
// production code declares a parameter or property whose type is a function taking a transaction (the
// shape `writeApproval?: (tx: Tx) => …` had): a module that needs another's step in its transaction is one
// more step of a workflow.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/server/src/modules');

/**
 * A type position holding a function whose first parameter is a transaction: `name: (tx: Tx`,
 * `name?: (t: Db | Tx`, or a type alias of one (`type Step = (tx: Tx`).
 */
const TRANSACTION_CALLBACK = /(?:\w+\??\s*:|type\s+\w+\s*=)\s*\(\s*\w+\s*:\s*(?:Db\s*\|\s*)?Tx\b/g;

export function transactionCallbacksIn(source: string): string[] {
  return [...source.matchAll(TRANSACTION_CALLBACK)].map((match) => match[0]);
}

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

describe('transactions across modules', () => {
  it('are never handed to a callback: no module declares a function type taking one', () => {
    const found = productionFiles(modulesDir).flatMap((file) =>
      transactionCallbacksIn(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(root, file)}: ${hit}`),
    );
    expect(found).toEqual([]);
  });

  it('finds the shapes the pay-an-order workflow replaced', () => {
    expect(transactionCallbacksIn('  writeApproval?: (tx: Tx) => Promise<void>;')).toHaveLength(1);
    expect(transactionCallbacksIn('export type PaymentStep = (tx: Tx, order: OrderRow) => Promise<void>;')).toHaveLength(1);
    expect(transactionCallbacksIn('function f(db: Db, step: (t: Db | Tx, order: O) => Promise<void>) {}')).toHaveLength(1);
    // A module's own step taking the workflow's transaction is not a callback.
    expect(transactionCallbacksIn('export async function markPaid(tx: Tx, order: LockedOrder) {}')).toHaveLength(0);
  });
});
