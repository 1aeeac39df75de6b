// `npm run cycles` (and a stage of `npm test`): no import cycle of any kind in our code (DESIGN §3). madge
// reads every TypeScript file of the workspaces, type-only imports included (ESLint's import-x/no-cycle
// skips those), and follows our workspace packages (`@store/*`) to their files, so a cycle across packages
// counts too. Exits 1 naming each cycle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Every workspace's TypeScript, the scripts' too. */
export const CHECKED_DIRS = ['apps', 'packages', 'scripts'];

/** `@store/<name>[/<sub>]` → its file, from each workspace package's `exports`, as TypeScript paths madge resolves. */
function workspacePaths(root: string): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const parent of ['apps', 'packages']) {
    const dir = path.join(root, parent);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      const manifest = path.join(dir, name, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name: string; exports?: Record<string, string> | string };
      const exports = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {});
      for (const [sub, target] of Object.entries(exports)) {
        paths[sub === '.' ? pkg.name : `${pkg.name}/${sub.replace(/^\.\//, '')}`] = [path.join(parent, name, target)];
      }
    }
  }
  return paths;
}

/** The import cycles among the TypeScript files under `dirs` of `root`, each as its files in order. */
export async function findCycles(root: string = repoRoot, dirs: string[] = CHECKED_DIRS): Promise<string[][]> {
  const result = await madge(
    dirs.map((dir) => path.join(root, dir)).filter((dir) => fs.existsSync(dir)),
    {
      baseDir: root,
      fileExtensions: ['ts', 'tsx'],
      excludeRegExp: [/node_modules/, /[\\/]dist[\\/]/, /\.d\.ts$/],
      tsConfig: {
        compilerOptions: { baseUrl: root, paths: workspacePaths(root), moduleResolution: 'bundler', allowImportingTsExtensions: true },
      },
      // Type-only imports tie modules together as much as any other.
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    },
  );
  return result.circular();
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const cycles = await findCycles();
  if (cycles.length) {
    console.error(`${cycles.length} import cycle(s):`);
    for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(' → ')}`);
    process.exit(1);
  }
  console.log('No import cycle.');
}
