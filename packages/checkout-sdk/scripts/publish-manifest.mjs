// Swaps the package's manifest for the published one around `npm pack` / `npm publish` (prepack: apply,
// postpack: restore). Inside the monorepo `exports` point at the TypeScript sources; the published package
// must point at dist/. pnpm, yarn and bun move `publishConfig.exports`/`main`/`types` to the top when they
// pack, npm does not (its publishConfig only overrides npm config such as the registry), so npm would
// publish exports that name files the tarball does not have. `npm publish` re-reads the manifest after
// prepack, so what this writes is what is published; postpack puts the original back byte for byte.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifestPath = join(packageDir, 'package.json');
// Git-ignored and outside `files`, so it is never committed or packed.
const backupPath = join(packageDir, 'package.json.before-pack');
const HOISTED = ['exports', 'main', 'types'];

function apply() {
  if (existsSync(backupPath)) {
    throw new Error(`${backupPath} exists: an earlier pack did not restore the manifest. Run \`npm run postpack\` first.`);
  }
  const original = readFileSync(manifestPath, 'utf8');
  const manifest = JSON.parse(original);
  const publishConfig = { ...manifest.publishConfig };
  for (const field of HOISTED) {
    if (publishConfig[field] === undefined) throw new Error(`publishConfig.${field} is missing`);
    manifest[field] = publishConfig[field];
    delete publishConfig[field];
  }
  if (Object.keys(publishConfig).length === 0) delete manifest.publishConfig;
  else manifest.publishConfig = publishConfig;
  writeFileSync(backupPath, original);
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

function restore() {
  if (existsSync(backupPath)) renameSync(backupPath, manifestPath);
}

const command = process.argv[2];
if (command === 'apply') apply();
else if (command === 'restore') restore();
else throw new Error('usage: node scripts/publish-manifest.mjs apply|restore');
