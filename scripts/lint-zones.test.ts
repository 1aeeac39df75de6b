// The web app's layers as the linter keeps them (DESIGN.md §3): a feature never imports another feature, and
// lib/ and the shared UI layer (components/) never import app/ or features/. Each case lints a few lines in
// the place of a real file (the TypeScript project service knows only files that exist).
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** What `rule` says of `code` in the place of the file at `filePath`. */
async function messagesOf(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const boundaryMessages = (filePath: string, from: string) =>
  messagesOf('import-x/no-restricted-paths', filePath, `import * as probe from '${from}';\nexport const seen = probe;\n`);

/** no-restricted-imports of `names` from `from`, in the place of the file at `filePath`. */
const importMessages = (filePath: string, names: string, from: string) =>
  messagesOf('no-restricted-imports', filePath, `import { ${names} } from '${from}';\nexport const seen = [${names}];\n`);

describe("the web app's import boundaries", () => {
  it(
    'keep components/ from app/ and features/, and a feature from another; imports within a layer pass',
    { timeout: 120_000 },
    async () => {
      const component = 'apps/web/src/components/ui/Button.tsx';
      expect(await boundaryMessages(component, '../../features/auth/form-schemas.ts')).toEqual([
        expect.stringContaining('components/ never imports app/ or features/'),
      ]);
      expect(await boundaryMessages(component, '../../app/router.tsx')).toEqual([
        expect.stringContaining('components/ never imports app/ or features/'),
      ]);
      expect(await boundaryMessages(component, './field-message.ts')).toEqual([]);

      const feature = 'apps/web/src/features/profile/components/AvatarEditor.tsx';
      expect(await boundaryMessages(feature, '../../auth/form-schemas.ts')).toEqual([
        expect.stringContaining('A feature never imports another feature'),
      ]);
      expect(await boundaryMessages(feature, '../../../components/ui/index.ts')).toEqual([]);
    },
  );
});

describe("the server's outbox", () => {
  it(
    'is written through enqueue: a module importing the outbox table fails lint, its other tables pass',
    { timeout: 120_000 },
    async () => {
      const moduleFile = 'apps/server/src/modules/wallet/live.ts';
      expect(await importMessages(moduleFile, 'outbox', '../../db/schema.ts')).toEqual([
        expect.stringContaining('enqueue(tx, topic, payload)'),
      ]);
      expect(await importMessages(moduleFile, 'ledgerEntries', '../../db/schema.ts')).toEqual([]);
      // The runner's own SQL (background/) reads and marks the rows.
      expect(await importMessages('apps/server/src/background/outbox-repository.ts', 'outbox', '../db/schema.ts')).toEqual([]);
    },
  );
});

describe("the server's orders", () => {
  it(
    'change only by intent: checkout code importing the row write or lock fails lint, the intents pass',
    { timeout: 120_000 },
    async () => {
      const rowWrite = ['lockOrder, updateOrder', './repository.ts'] as const;
      expect(await importMessages('apps/server/src/modules/checkout/service.ts', ...rowWrite)).toEqual([
        expect.stringContaining('Change an order through an intent'),
        expect.stringContaining('Change an order through an intent'),
      ]);
      expect(await importMessages('apps/server/src/modules/checkout/order-intents.ts', ...rowWrite)).toEqual([]);
    },
  );
});

describe("the server's error codes", () => {
  it(
    "come from the store's catalogue: the kit's untyped AppError fails lint in store code, the store's passes",
    { timeout: 120_000 },
    async () => {
      const file = 'apps/server/src/modules/redemption/service.ts';
      expect(await importMessages(file, 'AppError', '@store/server-kit')).toEqual([
        expect.stringContaining('Import AppError from apps/server/src/lib/errors.ts'),
      ]);
      expect(await importMessages(file, 'AppError', '../../lib/errors.ts')).toEqual([]);
      expect(await importMessages('apps/server/src/lib/errors.ts', 'AppError', '@store/server-kit')).toEqual([]);
    },
  );
});

describe("the web app's test harness", () => {
  it('is imported by tests only: production code reaching apps/web/test fails lint, a test passes', { timeout: 120_000 }, async () => {
    expect(await boundaryMessages('apps/web/src/lib/api.ts', '../../test/mock-api.ts')).toEqual([
      expect.stringContaining("Production code never imports the web app's test harness"),
    ]);
    expect(await boundaryMessages('apps/web/src/features/cart/pages/CartPage.tsx', '../../../../test/mock-api.ts')).toEqual([
      expect.stringContaining("Production code never imports the web app's test harness"),
    ]);
    expect(await boundaryMessages('apps/web/src/lib/api.test.ts', '../../test/mock-api.ts')).toEqual([]);
  });
});

describe("the server's tables", () => {
  it(
    "are imported only by their owner: a module importing another's table fails lint, its own and a listed read pass",
    { timeout: 120_000 },
    async () => {
      const lint = (filePath: string, table: string) => importMessages(filePath, table, '../../db/schema.ts');
      expect(await lint('apps/server/src/modules/promotions/service.ts', 'orders')).toEqual([
        expect.stringContaining('modules/promotions does not own this table'),
      ]);
      expect(await lint('apps/server/src/modules/promotions/service.ts', 'promotions')).toEqual([]);
      // A listed read (scripts/table-owners.js KNOWN_CROSS_READS: the admin console's read model) passes.
      expect(await lint('apps/server/src/modules/admin/repository.ts', 'orders')).toEqual([]);
      // One no longer listed fails: cart asks promotions for the first purchase, checkout asks payments, the wallet
      // history asks checkout (issue 25).
      expect(await lint('apps/server/src/modules/checkout/service.ts', 'payments')).toEqual([
        expect.stringContaining('modules/checkout does not own this table'),
      ]);
      expect(await lint('apps/server/src/modules/cart/service.ts', 'firstPurchases')).toEqual([
        expect.stringContaining('modules/cart does not own this table'),
      ]);
      expect(await lint('apps/server/src/modules/cart/service.ts', 'products')).toEqual([
        expect.stringContaining('modules/cart does not own this table'),
      ]);
      expect(await lint('apps/server/src/modules/wallet/history.ts', 'orders')).toEqual([
        expect.stringContaining('modules/wallet does not own this table'),
      ]);
      expect(await lint('apps/server/src/modules/user/repository.ts', 'users')).toEqual([
        expect.stringContaining('modules/user does not own this table'),
      ]);
    },
  );

  it(
    "live in their owner's tables.ts: another module's tables.ts may name one as a foreign key's target, its other code may not",
    { timeout: 120_000 },
    async () => {
      // kyc's tables name auth's users as their foreign keys' target.
      expect(await boundaryMessages('apps/server/src/modules/kyc/tables.ts', '../auth/tables.ts')).toEqual([]);
      // kyc's repository goes through auth's index (or a listed read of db/schema.ts), never auth's tables.ts.
      expect(await boundaryMessages('apps/server/src/modules/kyc/repository.ts', '../auth/tables.ts')).toEqual(
        expect.arrayContaining([expect.stringContaining('Import modules/auth only through its index.ts')]),
      );
      // A tables file reaches nothing else of another module.
      expect(await boundaryMessages('apps/server/src/modules/kyc/tables.ts', '../auth/service.ts')).toEqual([
        expect.stringContaining('Import modules/auth only through its index.ts'),
      ]);
    },
  );
});

describe("the server's workflows", () => {
  it(
    'sit above the modules: a module or plumbing importing a workflow fails lint, the workflow reaching a module through its index passes',
    { timeout: 120_000 },
    async () => {
      expect(await boundaryMessages('apps/server/src/modules/payments/approval.ts', '../../workflows/pay-order/index.ts')).toEqual(
        expect.arrayContaining([expect.stringContaining('A module never imports a workflow')]),
      );
      expect(await boundaryMessages('apps/server/src/background/runner.ts', '../workflows/pay-order/index.ts')).toEqual([
        expect.stringContaining('Plumbing imports no module'),
      ]);
      expect(await boundaryMessages('apps/server/src/workflows/pay-order/approval.ts', '../../modules/checkout/index.ts')).toEqual([]);
      expect(await boundaryMessages('apps/server/src/workflows/pay-order/approval.ts', '../../modules/checkout/repository.ts')).toEqual([
        expect.stringContaining('Import modules/checkout only through its index.ts'),
      ]);
      // app.ts composes the workflow through its index, and nothing else of it.
      expect(await boundaryMessages('apps/server/src/app.ts', './workflows/pay-order/index.ts')).toEqual([]);
      expect(await boundaryMessages('apps/server/src/app.ts', './workflows/pay-order/fulfil.ts')).toEqual([
        expect.stringContaining('Import workflows/pay-order only through its index.ts'),
      ]);
    },
  );
});
