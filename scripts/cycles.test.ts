// The cycle check finds what ESLint's import-x/no-cycle does not: a cycle of type-only imports, and one that
// runs through a workspace package (`@store/*`) by its name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles } from './cycles.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

describe('the import-cycle check', () => {
  it('finds a cycle of type-only imports, and one through a workspace package by name; not a one-way import', async () => {
    write('apps/store/src/service.ts', "import type { Starter } from './starter.ts';\nexport type Service = { starter: Starter };\n");
    write('apps/store/src/starter.ts', "import type { Service } from './service.ts';\nexport type Starter = { service?: Service };\n");
    write('packages/kit/package.json', JSON.stringify({ name: '@store/kit', exports: { '.': './src/index.ts' } }));
    write('packages/kit/src/index.ts', "import { helper } from '../../../apps/store/src/uses-kit.ts';\nexport const kit = () => helper;\n");
    write('apps/store/src/uses-kit.ts', "import { kit } from '@store/kit';\nexport const helper = 1;\nexport const both = kit;\n");
    write('apps/store/src/one-way.ts', "import type { Service } from './service.ts';\nexport const none: Service | null = null;\n");

    const cycles = (await findCycles(root)).map((cycle) => [...cycle].sort());
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual(['apps/store/src/service.ts', 'apps/store/src/starter.ts']);
    expect(cycles).toContainEqual(['apps/store/src/uses-kit.ts', 'packages/kit/src/index.ts']);
  });
});
