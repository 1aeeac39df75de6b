import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import { SERVER_MODULE_USES } from './scripts/server-module-uses.js';
import { foreignTables } from './scripts/table-owners.js';

// Import boundaries of DESIGN.md §3: a feature never imports another feature; shared imports no app;
// the web app never imports the server.
const featuresDir = './apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const featureZones = features.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature; compose them in app/ (routes, layouts).',
}));

// Directory zones catch relative paths. The same boundaries, kept for every file of a tree.
const boundaryZones = [
  ...featureZones,
  // DESIGN §3: lib/ sits below everything in the web app; its tests use the harness of apps/web/test/.
  ...['app', 'features'].map((layer) => ({
    target: './apps/web/src/lib',
    from: `./apps/web/src/${layer}`,
    message: 'lib/ never imports app/ or features/ (DESIGN §3); what it needs from the store is handed to it (see ApiEnvironment).',
  })),
  // The shared UI layer (components/ui, issue 24) holds no business data: it is handed what it shows.
  ...['app', 'features'].map((layer) => ({
    target: './apps/web/src/components',
    from: `./apps/web/src/${layer}`,
    message: 'components/ never imports app/ or features/ (DESIGN §3): a primitive is handed what it shows.',
  })),
  { target: './packages/shared', from: './apps', message: 'packages/shared imports no app.' },
  // The checkout SDK is a package a merchant installs on its own: it imports nothing of ours.
  { target: './packages/checkout-sdk', from: './apps', message: 'packages/checkout-sdk imports no app.' },
  {
    target: './packages/checkout-sdk',
    from: './packages/shared',
    message: 'packages/checkout-sdk stands alone: a merchant installs it without our other packages.',
  },
  { target: './apps/web', from: './apps/server', message: 'The web app never imports the server.' },
  // ADR 048: the hosted checkout is an app of its own; the store runs it through its package (@store/checkout-host).
  {
    target: './apps/checkout-host',
    from: ['./apps/server', './apps/web'],
    message:
      'The hosted checkout imports nothing of the store: what it needs is handed to it (CheckoutHostDeps) or is in @store/server-kit (ADR 048).',
  },
  {
    target: './apps/server',
    from: './apps/checkout-host',
    except: ['./src/index.ts', './src/testing.ts', './src/page/build.ts'],
    message:
      'The store reaches the hosted checkout only through @store/checkout-host (its index; /testing in tests, /build to build its page).',
  },
  { target: './packages/server-kit', from: './apps', message: 'packages/server-kit imports no app.' },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
];

// Server modules (DESIGN.md §3, ADR 007). Another module, and every file outside modules/, imports a
// module only through its index.ts. SERVER_MODULE_USES (scripts/server-module-uses.js) is the one-way order of the modules: each names
// the modules it may use, and lint refuses the others. A module folder missing here, or a loop in the
// map, stops lint at once: a new module or dependency is declared, never drifted into.
const SERVER = './apps/server';
const serverModules = fs.existsSync(`${SERVER}/src/modules`)
  ? fs
      .readdirSync(`${SERVER}/src/modules`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
function assertOneWay(uses, modules) {
  for (const m of modules) {
    if (!uses[m]) throw new Error(`eslint.config.js: declare the server module '${m}' in SERVER_MODULE_USES (the modules it may use).`);
  }
  const done = new Set();
  const visit = (m, path) => {
    if (path.includes(m)) throw new Error(`eslint.config.js: server modules use each other in a loop: ${[...path, m].join(' → ')}`);
    if (done.has(m)) return;
    for (const used of uses[m] ?? []) visit(used, [...path, m]);
    done.add(m);
  };
  for (const m of Object.keys(uses)) visit(m, []);
}
assertOneWay(SERVER_MODULE_USES, serverModules);

const moduleDir = (m) => `${SERVER}/src/modules/${m}`;
const serverOutsideModules = fs.existsSync(`${SERVER}/src`)
  ? fs
      .readdirSync(`${SERVER}/src`)
      .filter((name) => name !== 'modules')
      .map((name) => `${SERVER}/src/${name}`)
  : [];
// Provider families (issue 22, ADR 044): each payment provider family is one folder under
// providers/payments/ (nuvei, stripe, square, coinflow: every subfolder is one), behind the provider
// interface (@store/server-kit, ADR 048), the registry (registry.ts) and the payments core's port (core-port.ts). The
// payments module reaches providers only through those three files, and no module imports a family
// folder: a family reaches the core through the port it is handed, so there is no cycle either way.
const PAYMENT_PROVIDERS = `${SERVER}/src/providers/payments`;
const PAYMENT_PROVIDER_SURFACE = ['./registry.ts', './core-port.ts'];
const paymentFamilies = fs.existsSync(PAYMENT_PROVIDERS)
  ? fs
      .readdirSync(PAYMENT_PROVIDERS, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const paymentFamilyZones = [
  {
    target: `${SERVER}/src/modules/payments`,
    from: PAYMENT_PROVIDERS,
    except: PAYMENT_PROVIDER_SURFACE,
    message:
      'modules/payments imports from providers/payments only registry.ts and core-port.ts (the provider interface is @store/server-kit); provider-specific code lives in its family folder (ADR 044).',
  },
  {
    target: `${SERVER}/src/modules`,
    from: paymentFamilies.map((family) => `${PAYMENT_PROVIDERS}/${family}`),
    message:
      'A module never imports a payment provider family: the core calls the provider interface and its capabilities, the family is handed the core (ADR 044).',
  },
];

/** Who may import modules/m: only through its index.ts; `except` adds what else of it (a tables file's foreign keys). */
const moduleBoundaryZone = (m, except = ['./index.ts']) => ({
  target: [
    ...serverModules.filter((other) => other !== m).map(moduleDir),
    ...serverOutsideModules.filter((dir) => dir !== `${SERVER}/src/db`),
    `${SERVER}/test`,
    `${SERVER}/bench`,
  ],
  from: moduleDir(m),
  except,
  message: `Import modules/${m} only through its index.ts, its public surface (ADR 007).`,
});

// Workflows (DESIGN.md's workflows/, issue 25): each folder is one, reached from outside it only through its index.ts.
const WORKFLOWS = `${SERVER}/src/workflows`;
const workflows = fs.existsSync(WORKFLOWS)
  ? fs
      .readdirSync(WORKFLOWS, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const workflowBoundaryZone = (w) => ({
  target: [
    ...serverOutsideModules.filter((dir) => dir !== WORKFLOWS),
    ...workflows.filter((other) => other !== w).map((other) => `${WORKFLOWS}/${other}`),
    `${SERVER}/src/modules`,
    `${SERVER}/test`,
    `${SERVER}/bench`,
  ],
  from: `${WORKFLOWS}/${w}`,
  except: ['./index.ts'],
  message: `Import workflows/${w} only through its index.ts, its public surface (ADR 055).`,
});

// Tests included: a test reaches another module through its index too.
const serverZones = [
  ...paymentFamilyZones,
  ...serverModules.map((m) => moduleBoundaryZone(m)),
  ...workflows.map((w) => workflowBoundaryZone(w)),
  // db/ gathers the tables a module owns (its tables.ts) for the schema's checks, and reaches nothing else of it.
  ...serverModules.map((m) => ({
    target: `${SERVER}/src/db`,
    from: moduleDir(m),
    except: ['./index.ts', './tables.ts'],
    message: `db/ reaches modules/${m} only through its index.ts and its tables.ts (ADR 007).`,
  })),
  {
    target: `${SERVER}/src/modules/*/routes.ts`,
    from: `${SERVER}/src/modules/*/*repository.ts`,
    message: 'A route validates, calls a service and returns; SQL stays in repositories behind services (DESIGN.md §3).',
  },
];
// Production code only: tests beside a module may use any module (through its index) to set a scene.
const serverProductionZones = [
  ...serverModules
    .map((m) => ({
      target: moduleDir(m),
      from: serverModules.filter((other) => other !== m && !SERVER_MODULE_USES[m].includes(other)).map(moduleDir),
      message: `modules/${m} may use ${SERVER_MODULE_USES[m].length ? `only ${SERVER_MODULE_USES[m].join(', ')}` : 'no other module'} (SERVER_MODULE_USES, ADR 007).`,
    }))
    .filter((zone) => zone.from.length > 0),
  {
    target: [`${SERVER}/src/plugins`, `${SERVER}/src/background`, `${SERVER}/src/lib`, `${SERVER}/src/providers`],
    from: [`${SERVER}/src/modules`, `${SERVER}/src/workflows`],
    message: 'Plumbing imports no module: app.ts hands it what it needs (ADR 007).',
  },
  // Workflows sit above the modules (issue 25, ADR 055): a module is handed a workflow's port by app.ts, never imports it.
  {
    target: `${SERVER}/src/modules`,
    from: `${SERVER}/src/workflows`,
    message: 'A module never imports a workflow: the workflow calls the modules, and app.ts hands a module its port (ADR 055).',
  },
  { target: `${SERVER}/src`, from: `${SERVER}/test`, message: 'Production code never imports test support (apps/server/test).' },
];

// app/ composes every feature (store, routes, layouts), so a feature importing app/ imports every other
// feature through it. Tests are exempt: they build their store and render helpers from app/.
const featureToAppZone = {
  target: './apps/web/src/features',
  from: './apps/web/src/app',
  message: 'A feature never imports app/ (it imports every feature); take what you need as props or from lib/.',
};

// The web app's test harness (apps/web/test, issue 25) sits outside its source: production code never imports it.
const webTestHarnessZone = {
  target: './apps/web/src',
  from: './apps/web/test',
  message: "Production code never imports the web app's test harness (apps/web/test); only *.test.{ts,tsx} files do.",
};

// A workspace package name resolves to the same files as the relative path the zones forbid, so each
// boundary is closed for package names too (static imports, re-exports, type imports and import()).
const SERVER_PACKAGE = ['@store/server', 'The web app never imports the server (DESIGN.md §3).'];
const WEB_FROM_WEB = [
  '@store/web',
  'Inside the web app, import by relative path: the package name slips past the feature and app/ boundaries.',
];
const WEB_FROM_SERVER = ['@store/web', 'The server never imports the web app (DESIGN.md §3).'];
const APPS_FROM_SHARED = (name) => [name, 'packages/shared imports no app (DESIGN.md §3).'];
const STORE_FROM_HOST = (name) => [name, 'The hosted checkout imports nothing of the store (ADR 048): what it needs is handed to it.'];
const APPS_FROM_KIT = (name) => [name, 'packages/server-kit imports no app (ADR 048).'];
const HOST_INTERNALS = [
  '@store/checkout-host/testing',
  'Production code reaches the hosted checkout through @store/checkout-host (its index); /testing is for tests (ADR 048).',
];
// Issue 23: nothing is built at run time. The hosted checkout's page script is bundled by `npm run build`
// (apps/checkout-host page/build.ts, the one file of its src that may use esbuild) and the host serves that file.
const ESBUILD_AT_RUN_TIME = [
  'esbuild',
  'No server runs esbuild: browser code is built at build time (`npm run build`, apps/checkout-host/src/page/build.ts) and the server serves the built file (issue 23).',
];
/** The source file that may import esbuild: the page script's build (the store's server is built from apps/server/build, outside src, ADR 051). */
const ESBUILD_ALLOWED = ['apps/checkout-host/src/page/build.ts'];

/** Not a package: the outbox table's name, imported from the schema (`importNames`), outside background/. */
const OUTBOX_TABLE = {
  pattern: {
    group: ['**/db/schema.ts'],
    importNames: ['outbox'],
    message:
      'Write outbox rows with enqueue(tx, topic, payload) from background/topics.ts: a declared topic, its payload checked (issue 25).',
  },
};

/** The kit's AppError takes any code; the store's (lib/errors.ts) takes only its catalogue's (issue 25). */
const KIT_APP_ERROR = {
  pattern: {
    group: ['@store/server-kit'],
    importNames: ['AppError'],
    message:
      "Import AppError from apps/server/src/lib/errors.ts: the store's, whose code is an ErrorCode of @store/shared's catalogue (issue 25).",
  },
};

/** The order row's write and lock, which only checkout's order intents use (issue 25). */
const ORDER_WRITES = {
  pattern: {
    group: ['**/repository.ts'],
    importNames: ['updateOrder', 'lockOrder'],
    message:
      'Change an order through an intent of order-intents.ts (markPaid, failOrder, completeOrder, refundOrder, …): each checks its transition (issue 25).',
  },
};

/** Another module's tables, which module `m` reads through that module's index instead (issue 25). */
const foreignTablesOf = (m) => ({
  pattern: {
    group: ['**/db/schema.ts'],
    importNames: foreignTables(m),
    message: `modules/${m} does not own this table: read it through its owner's index.ts (scripts/table-owners.js, issue 25).`,
  },
});

/** Each argument is a [package, message] pair, or `{ pattern }`: a no-restricted-imports pattern of its own. */
function forbidPackages(...entries) {
  const packages = entries.filter(Array.isArray);
  const patterns = entries.filter((entry) => !Array.isArray(entry)).map((entry) => entry.pattern);
  const matching = (name) => `/^${name.replaceAll('/', '\\/')}(\\/|$)/`;
  return {
    'no-restricted-imports': [
      'error',
      { patterns: [...packages.map(([name, message]) => ({ group: [name, `${name}/*`], message })), ...patterns] },
    ],
    'no-restricted-syntax': [
      'error',
      ...packages.flatMap(([name, message]) => [
        { selector: `ImportExpression[source.value=${matching(name)}]`, message },
        { selector: `TSImportType[argument.literal.value=${matching(name)}]`, message },
      ]),
    ],
  };
}

/** Files linted with type information (typescript-eslint's project service reads their tsconfig). */
const TYPE_CHECKED_FILES = [
  'apps/server/**/*.ts',
  'apps/checkout-host/**/*.ts',
  'packages/server-kit/**/*.ts',
  'packages/shared/**/*.ts',
  'packages/checkout-sdk/**/*.{ts,tsx}',
  'scripts/**/*.ts',
  'apps/web/**/*.{ts,tsx}',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/web/e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // Lets the import-x rules that follow imports (no-cycle) read our .ts/.tsx files.
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...serverZones] }],
      // DESIGN §3: no import cycles anywhere. This rule skips type-only imports; `npm run cycles` (madge, a
      // stage of `npm test`) checks those too, across the workspace packages.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The money code is async end to end: a promise nobody awaits, or one handed to something that
    // expects a plain function, loses its failure (and perhaps its transaction) silently.
    files: TYPE_CHECKED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js,jsx}'],
    rules: forbidPackages(SERVER_PACKAGE, WEB_FROM_WEB),
  },
  {
    files: ['apps/server/**/*.{ts,tsx,js}'],
    rules: forbidPackages(WEB_FROM_SERVER),
  },
  {
    // Tests (and test support outside src) may bundle what they serve; production code may not.
    files: ['apps/server/src/**/*.{ts,tsx,js}'],
    ignores: ['**/*.test.ts', ...ESBUILD_ALLOWED],
    rules: forbidPackages(WEB_FROM_SERVER, ESBUILD_AT_RUN_TIME, HOST_INTERNALS, KIT_APP_ERROR),
  },
  {
    // Issue 25: an outbox row is written only by enqueue(tx, topic, payload) (background/topics.ts), so
    // every row has a declared topic and a payload its schema checked. Tests may write raw rows.
    files: ['apps/server/src/**/*.{ts,tsx,js}'],
    ignores: ['**/*.test.ts', ...ESBUILD_ALLOWED, 'apps/server/src/background/**', 'apps/server/src/db/**'],
    rules: forbidPackages(WEB_FROM_SERVER, ESBUILD_AT_RUN_TIME, HOST_INTERNALS, OUTBOX_TABLE, KIT_APP_ERROR),
  },
  // Issue 25: each module imports from db/schema.ts only the tables it owns (scripts/table-owners.js; the
  // reads that remain are listed there and only shrink). In checkout, an order changes only by intent
  // (order-intents.ts checks each transition): the raw row write and the unbranded lock stay behind it.
  ...serverModules.map((m) => ({
    files: [`apps/server/src/modules/${m}/**/*.ts`],
    ignores: ['**/*.test.ts', ...(m === 'checkout' ? ['apps/server/src/modules/checkout/order-intents.ts'] : [])],
    rules: forbidPackages(
      WEB_FROM_SERVER,
      ESBUILD_AT_RUN_TIME,
      HOST_INTERNALS,
      OUTBOX_TABLE,
      KIT_APP_ERROR,
      ...(m === 'checkout' ? [ORDER_WRITES] : []),
      foreignTablesOf(m),
    ),
  })),
  {
    files: ['apps/server/src/modules/checkout/order-intents.ts'],
    rules: forbidPackages(WEB_FROM_SERVER, ESBUILD_AT_RUN_TIME, HOST_INTERNALS, OUTBOX_TABLE, KIT_APP_ERROR, foreignTablesOf('checkout')),
  },
  {
    // The store's AppError is the kit's class, typed: the one file that imports the kit's.
    files: ['apps/server/src/lib/errors.ts'],
    rules: forbidPackages(WEB_FROM_SERVER, ESBUILD_AT_RUN_TIME, HOST_INTERNALS, OUTBOX_TABLE),
  },
  {
    files: ['apps/checkout-host/**/*.{ts,tsx,js}'],
    rules: forbidPackages(STORE_FROM_HOST('@store/server'), STORE_FROM_HOST('@store/web')),
  },
  {
    files: ['apps/checkout-host/src/**/*.{ts,tsx,js}'],
    ignores: ['**/*.test.ts', ...ESBUILD_ALLOWED],
    rules: forbidPackages(STORE_FROM_HOST('@store/server'), STORE_FROM_HOST('@store/web'), ESBUILD_AT_RUN_TIME),
  },
  {
    files: ['packages/server-kit/**/*.{ts,tsx,js}'],
    rules: forbidPackages(APPS_FROM_KIT('@store/server'), APPS_FROM_KIT('@store/web'), APPS_FROM_KIT('@store/checkout-host')),
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...serverZones, ...serverProductionZones] }] },
  },
  {
    // Issue 25: each module's tables.ts holds the tables it owns, and may name another module's table as a
    // foreign key's target (that module's tables.ts), nothing else of it; a foreign key is no use of a
    // module (SERVER_MODULE_USES is about calls). Everything else reads another module's data through its index.
    files: ['apps/server/src/modules/*/tables.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...boundaryZones,
            ...serverZones.filter((zone) => !String(zone.message).startsWith('Import modules/')),
            ...serverModules.map((m) => moduleBoundaryZone(m, ['./index.ts', './tables.ts'])),
            ...serverProductionZones.filter((zone) => !String(zone.message).includes('SERVER_MODULE_USES')),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.{ts,tsx,js}'],
    rules: forbidPackages(APPS_FROM_SHARED('@store/web'), APPS_FROM_SHARED('@store/server')),
  },
  {
    files: ['packages/checkout-sdk/**/*.{ts,tsx,js}'],
    rules: forbidPackages(
      ['@store/web', 'The checkout SDK imports no app.'],
      ['@store/server', 'The checkout SDK imports no app.'],
      ['@store/shared', 'The checkout SDK stands alone: a merchant installs it without our other packages.'],
    ),
  },
  {
    files: ['packages/checkout-sdk/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, webTestHarnessZone] }] },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, featureToAppZone, webTestHarnessZone] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
