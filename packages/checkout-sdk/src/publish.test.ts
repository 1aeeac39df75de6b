// @vitest-environment node
// The package's tsconfig keeps Node's types out of the browser sources; this test drives npm, tar and node.
/// <reference types="node" />
/**
 * The package as a merchant installs it. A copy of this package is packed with `npm pack` (its prepack builds
 * dist/ and writes the published manifest, its postpack puts the monorepo one back), the tarball is unpacked
 * into a merchant's node_modules, and the merchant's Node and TypeScript use it by its name. The work happens
 * under the repository's node_modules/.cache so the built files find lz-string, react and typescript there,
 * as they would in a merchant's project; nothing in this package's own directory is touched.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const execFileAsync = promisify(execFile);
/** Runs a program; a failure carries its stdout too (tsc and npm scripts print their errors there). */
async function run(file: string, args: string[], options: { cwd: string; timeout: number; env?: NodeJS.ProcessEnv }) {
  try {
    return await execFileAsync(file, args, { ...options, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failed = error as Error & { stdout?: string };
    throw new Error(`${failed.message}\n${failed.stdout ?? ''}`);
  }
}
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(packageDir, '..', '..');
const PACKAGE_NAME = '@store/checkout-sdk';
const ENTRIES = { '.': 'dist/index', './react': 'dist/react/index', './protocol': 'dist/protocol', './wire': 'dist/wire/index' } as const;
// Generous: the build is a full tsc run, and a loaded CI machine may be several times slower than a laptop.
const SLOW_MS = 240_000;

interface PackResult {
  filename: string;
  files: { path: string }[];
}

let work: string;
let copyDir: string;
let installed: string;
let packed: PackResult;

/** The environment of a child npm without the outer `npm run`'s settings (they would steer its config). */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
}

beforeAll(async () => {
  const cache = join(repoRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  work = mkdtempSync(join(cache, 'checkout-sdk-publish-'));
  copyDir = join(work, 'packages', 'checkout-sdk');
  cpSync(join(repoRoot, 'tsconfig.base.json'), join(work, 'tsconfig.base.json'));
  for (const name of ['package.json', 'README.md', 'tsconfig.json', 'tsconfig.build.json', 'scripts', 'src']) {
    cpSync(join(packageDir, name), join(copyDir, name), { recursive: true });
  }

  const out = join(work, 'out');
  mkdirSync(out);
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts=false', '--pack-destination', out], {
    cwd: copyDir,
    env: cleanEnv(),
    timeout: SLOW_MS,
  });
  [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as PackResult[];

  const scope = join(work, 'merchant', 'node_modules', '@store');
  mkdirSync(scope, { recursive: true });
  await run('tar', ['-xzf', join(out, packed.filename), '-C', scope], { cwd: work, timeout: 60_000 });
  installed = join(scope, 'checkout-sdk');
  renameSync(join(scope, 'package'), installed);
}, SLOW_MS);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the published package', () => {
  it('holds the built JavaScript with its declarations and the README, and no source or test file', () => {
    const paths = packed.files.map((file) => file.path);
    expect(paths).toContain('README.md');
    expect(paths).toContain('package.json');
    for (const entry of Object.values(ENTRIES)) expect(paths).toEqual(expect.arrayContaining([`${entry}.js`, `${entry}.d.ts`]));
    expect(paths.filter((path) => !['README.md', 'package.json'].includes(path) && !path.startsWith('dist/'))).toEqual([]);
    expect(paths.filter((path) => /\.test\.|(^|\/)test\/|\.tsx?$/.test(path) && !path.endsWith('.d.ts'))).toEqual([]);
    // Every module has its declarations.
    const js = paths.filter((path) => path.endsWith('.js')).map((path) => path.slice(0, -'.js'.length));
    expect(paths.filter((path) => path.endsWith('.d.ts')).map((path) => path.slice(0, -'.d.ts'.length))).toEqual(js);
  });

  it('names dist files that are in it in exports, main and types; the monorepo manifest is put back', () => {
    const source = readFileSync(join(packageDir, 'package.json'), 'utf8');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.name).toBe(PACKAGE_NAME);
    expect(manifest.version).toBe((JSON.parse(source) as { version: string }).version);
    expect(manifest.private).toBeUndefined();
    expect(manifest.exports).toEqual(
      Object.fromEntries(Object.entries(ENTRIES).map(([entry, file]) => [entry, { types: `./${file}.d.ts`, import: `./${file}.js` }])),
    );
    expect(manifest).toMatchObject({ main: './dist/index.js', types: './dist/index.d.ts' });
    for (const file of Object.values(ENTRIES)) {
      expect(existsSync(join(installed, `${file}.js`))).toBe(true);
      expect(existsSync(join(installed, `${file}.d.ts`))).toBe(true);
    }
    // After the pack the copy's manifest is the monorepo one again (exports at the sources), byte for byte.
    expect(readFileSync(join(copyDir, 'package.json'), 'utf8')).toBe(source);
    expect(existsSync(join(copyDir, 'package.json.before-pack'))).toBe(false);
  });

  it('its built entries run in Node and export the public API', async () => {
    const load = (file: string) => import(pathToFileURL(join(installed, `${file}.js`)).href) as Promise<Record<string, unknown>>;
    const core = await load(ENTRIES['.']);
    const react = await load(ENTRIES['./react']);
    const protocol = await load(ENTRIES['./protocol']);
    for (const name of [
      'buildCheckoutUrl',
      'createEmbeddedCheckout',
      'createCardFields',
      'loadDeviceId',
      'solanaWalletFromStandard',
      'evmWalletFromEip1193',
      'checkoutBaseUrl',
      'apiBaseUrl',
    ]) {
      expect(typeof core[name], name).toBe('function');
    }
    expect(typeof react.EmbeddedCheckout).toBe('function');
    // The React entry re-exports the core.
    expect(react.buildCheckoutUrl).toBe(core.buildCheckoutUrl);
    expect(protocol).toMatchObject({
      EMBEDDED_OVERLAY_HIDE_DELAY_MS: 2000,
      EMBEDDED_FADE_MS: 300,
      CARD_LOADED_DELAY_MS: 350,
      HANDLER_ID_PARAM: 'handlerId',
      FRAME_METHODS: expect.objectContaining({ loaded: 'loaded', success: 'success', signTransaction: 'signTransaction' }),
      PAYMENT_METHODS: expect.arrayContaining(['card', 'usdc']),
    });
    expect((protocol.heightChangeMethod as (id: string) => string)('abc')).toBe('heightChange:abc');

    // lz-string is CommonJS: the URL's compressed parameters prove the built code reads it under plain Node.
    const url = new URL(
      (core.buildCheckoutUrl as (options: object) => string)({
        merchantId: 'm-1',
        subtotal: { cents: 1999 },
        theme: { primary: '#d4252a' },
      }),
    );
    expect(url.origin + url.pathname).toBe('https://checkout.luckydragon.example/solana/purchase-v2/m-1');
    expect(url.searchParams.get('cents')).toBe('1999');
    expect((protocol.decompressParam as (value: string | null) => unknown)(url.searchParams.get('theme'))).toEqual({ primary: '#d4252a' });
  });

  it('a merchant’s Node finds every entry by the package name', async () => {
    const script = `
      const out = {};
      for (const entry of ['', '/react', '/protocol', '/wire']) {
        const name = '${PACKAGE_NAME}' + entry;
        out[name] = { url: import.meta.resolve(name), exports: Object.keys(await import(name)).length };
      }
      console.log(JSON.stringify(out));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: join(work, 'merchant'),
      timeout: SLOW_MS,
    });
    const resolved = JSON.parse(stdout) as Record<string, { url: string; exports: number }>;
    for (const [entry, file] of Object.entries(ENTRIES)) {
      const name = entry === '.' ? PACKAGE_NAME : `${PACKAGE_NAME}${entry.slice(1)}`;
      expect(resolved[name].url).toBe(pathToFileURL(join(installed, `${file}.js`)).href);
      expect(resolved[name].exports).toBeGreaterThan(0);
    }
  });

  it(
    'a merchant’s TypeScript gets the types of every entry by the package name',
    async () => {
      const merchant = join(work, 'merchant');
      writeFileSync(
        join(merchant, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'ES2022',
            lib: ['ES2022', 'DOM'],
            jsx: 'react-jsx',
            types: [],
          },
          files: ['pay.ts'],
        }),
      );
      // Each @ts-expect-error fails the check if its line type-checks: the declarations must be real, not `any`.
      writeFileSync(
        join(merchant, 'pay.ts'),
        `import { buildCheckoutUrl, createEmbeddedCheckout, loadDeviceId, type SuccessInfo } from '${PACKAGE_NAME}';
import { EmbeddedCheckout, type EmbeddedCheckoutProps } from '${PACKAGE_NAME}/react';
import { FRAME_METHODS, type FrameMessage } from '${PACKAGE_NAME}/protocol';
// The types the README names.
import type {
  AuthDeclinedInfo, CardFields, CardFieldsOptions, CardToken, CheckoutCallbacks, CheckoutEnvironment, CheckoutUrlOptions,
  CreateEmbeddedCheckoutOptions, DeviceIdOptions, EmbeddedCheckoutInstance, EmbeddedCheckoutOptions, EvmWallet,
  MerchantTheme, SolanaWallet, StandardWalletAccountLike, StandardWalletLike, Subtotal, UserWallet, WalletOptions,
} from '${PACKAGE_NAME}';
export type Named = [AuthDeclinedInfo, CardFields, CardFieldsOptions, CardToken, CheckoutCallbacks, CheckoutEnvironment,
  CheckoutUrlOptions, CreateEmbeddedCheckoutOptions, DeviceIdOptions, EmbeddedCheckoutInstance, EmbeddedCheckoutOptions,
  EvmWallet, MerchantTheme, SolanaWallet, StandardWalletAccountLike, StandardWalletLike, Subtotal, UserWallet, WalletOptions];

export const url: string = buildCheckoutUrl({ merchantId: 'm', subtotal: { cents: 100 }, env: { staging: 'blue' } });
export const props: EmbeddedCheckoutProps = { merchantId: 'm', onSuccess: (info: SuccessInfo) => void info.reference };
export const message: FrameMessage = { method: FRAME_METHODS.loaded };
export const parts = [createEmbeddedCheckout, loadDeviceId, EmbeddedCheckout];
// @ts-expect-error merchantId is a string
buildCheckoutUrl({ merchantId: 1 });
// @ts-expect-error an option that does not exist
export const wrong: EmbeddedCheckoutProps = { merchantId: 'm', colour: 'red' };
// @ts-expect-error onSuccess's info has no such field
export const badCallback: EmbeddedCheckoutProps = { merchantId: 'm', onSuccess: (info) => info.orderNumber };
`,
      );
      const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
      const result = await run(process.execPath, [tsc, '-p', merchant], { cwd: merchant, timeout: SLOW_MS }).then(
        () => 'no errors',
        (error: Error) => error.message,
      );
      expect(result).toBe('no errors');
    },
    SLOW_MS,
  );
});
