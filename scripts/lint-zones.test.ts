// The web app's layers as the linter keeps them (DESIGN.md §3): a feature never imports another feature, and
// lib/ and the shared UI layer (components/) never import app/ or features/. Each case lints a few lines in
// the place of a real file (the TypeScript project service knows only files that exist).
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function boundaryMessages(filePath: string, from: string): Promise<string[]> {
  const code = `import * as probe from '${from}';\nexport const seen = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

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
  async function restrictedImports(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  it(
    'is written through enqueue: a module importing the outbox table fails lint, its other tables pass',
    { timeout: 120_000 },
    async () => {
      const moduleFile = 'apps/server/src/modules/wallet/live.ts';
      expect(await restrictedImports(moduleFile, "import { outbox } from '../../db/schema.ts';\nexport const t = outbox;\n")).toEqual([
        expect.stringContaining('enqueue(tx, topic, payload)'),
      ]);
      expect(
        await restrictedImports(moduleFile, "import { ledgerEntries } from '../../db/schema.ts';\nexport const t = ledgerEntries;\n"),
      ).toEqual([]);
      // The runner's own SQL (background/) reads and marks the rows.
      expect(
        await restrictedImports(
          'apps/server/src/background/outbox-repository.ts',
          "import { outbox } from '../db/schema.ts';\nexport const t = outbox;\n",
        ),
      ).toEqual([]);
    },
  );
});

describe("the server's orders", () => {
  it(
    'change only by intent: checkout code importing the row write or lock fails lint, the intents pass',
    { timeout: 120_000 },
    async () => {
      const [service] = await eslint.lintText(
        "import { lockOrder, updateOrder } from './repository.ts';\nexport const t = [lockOrder, updateOrder];\n",
        {
          filePath: path.join(root, 'apps/server/src/modules/checkout/service.ts'),
        },
      );
      expect(service!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)).toEqual([
        expect.stringContaining('Change an order through an intent'),
        expect.stringContaining('Change an order through an intent'),
      ]);
      const [intents] = await eslint.lintText(
        "import { lockOrder, updateOrder } from './repository.ts';\nexport const t = [lockOrder, updateOrder];\n",
        {
          filePath: path.join(root, 'apps/server/src/modules/checkout/order-intents.ts'),
        },
      );
      expect(intents!.messages.filter((m) => m.ruleId === 'no-restricted-imports')).toEqual([]);
    },
  );
});

describe("the server's error codes", () => {
  it(
    "come from the store's catalogue: the kit's untyped AppError fails lint in store code, the store's passes",
    { timeout: 120_000 },
    async () => {
      const lint = async (filePath: string, code: string) => {
        const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
        return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
      };
      const file = 'apps/server/src/modules/redemption/service.ts';
      expect(await lint(file, "import { AppError } from '@store/server-kit';\nexport const t = AppError;\n")).toEqual([
        expect.stringContaining('Import AppError from apps/server/src/lib/errors.ts'),
      ]);
      expect(await lint(file, "import { AppError } from '../../lib/errors.ts';\nexport const t = AppError;\n")).toEqual([]);
      expect(
        await lint('apps/server/src/lib/errors.ts', "import { AppError } from '@store/server-kit';\nexport const t = AppError;\n"),
      ).toEqual([]);
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
      const lint = async (filePath: string, table: string) => {
        const code = `import { ${table} } from '../../db/schema.ts';\nexport const t = ${table};\n`;
        const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
        return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
      };
      expect(await lint('apps/server/src/modules/promotions/service.ts', 'orders')).toEqual([
        expect.stringContaining('modules/promotions does not own this table'),
      ]);
      expect(await lint('apps/server/src/modules/promotions/service.ts', 'promotions')).toEqual([]);
      // A read that remains (scripts/table-owners.js KNOWN_CROSS_READS) passes until it is removed.
      expect(await lint('apps/server/src/modules/cart/service.ts', 'products')).toEqual([]);
      expect(await lint('apps/server/src/modules/cart/service.ts', 'payments')).toEqual([
        expect.stringContaining('modules/cart does not own this table'),
      ]);
    },
  );
});
