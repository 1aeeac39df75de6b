import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

// Import boundaries of DESIGN.md §3: a feature never imports another feature; shared imports no app;
// the web app never imports the server.
const featuresDir = './apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const featureZones = features.map(
  (feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature; compose them in app/ (routes, layouts).',
  }),
);

// Directory zones catch relative paths. The same boundaries, kept for every file of a tree.
const boundaryZones = [
  ...featureZones,
  { target: './packages/shared', from: './apps', message: 'packages/shared imports no app.' },
  { target: './apps/web', from: './apps/server', message: 'The web app never imports the server.' },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
];

// app/ composes every feature (store, routes, layouts), so a feature importing app/ imports every other
// feature through it. Tests are exempt: they build their store and render helpers from app/.
const featureToAppZone = {
  target: './apps/web/src/features',
  from: './apps/web/src/app',
  message: 'A feature never imports app/ (it imports every feature); take what you need as props or from lib/.',
};

// A workspace package name resolves to the same files as the relative path the zones forbid, so each
// boundary is closed for package names too (static imports, re-exports, type imports and import()).
const SERVER_PACKAGE = ['@store/server', 'The web app never imports the server (DESIGN.md §3).'];
const WEB_FROM_WEB = ['@store/web', 'Inside the web app, import by relative path: the package name slips past the feature and app/ boundaries.'];
const WEB_FROM_SERVER = ['@store/web', 'The server never imports the web app (DESIGN.md §3).'];
const APPS_FROM_SHARED = (name) => [name, 'packages/shared imports no app (DESIGN.md §3).'];

function forbidPackages(...packages) {
  const matching = (name) => `/^${name.replace('/', '\\/')}(\\/|$)/`;
  return {
    'no-restricted-imports': ['error', { patterns: packages.map(([name, message]) => ({ group: [name, `${name}/*`], message })) }],
    'no-restricted-syntax': [
      'error',
      ...packages.flatMap(([name, message]) => [
        { selector: `ImportExpression[source.value=${matching(name)}]`, message },
        { selector: `TSImportType[argument.literal.value=${matching(name)}]`, message },
      ]),
    ],
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/web/e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
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
    files: ['packages/shared/**/*.{ts,tsx,js}'],
    rules: forbidPackages(APPS_FROM_SHARED('@store/web'), APPS_FROM_SHARED('@store/server')),
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, featureToAppZone] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
