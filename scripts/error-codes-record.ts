// Adds what the server's tests answered to the catalogue of each route's error codes
// (apps/server/src/api/route-error-codes.ts). Run the server's tests recording, then this:
//   ERROR_CODES_RECORD=/tmp/codes.jsonl npx vitest run --project server
//   node --import tsx scripts/error-codes-record.ts /tmp/codes.jsonl
// It only adds (a code the tests no longer answer stays until removed by hand), leaves out the codes any
// route may answer, and writes the file sorted, so a change shows as a small diff. Under test, a failure
// whose code its route does not list fails the test file (plugins/error-code-audit.ts): a new code is
// added here, or by hand, in the same change as the code that answers it.
import fs from 'node:fs';
import path from 'node:path';
import { ANY_ROUTE_ERROR_CODES } from '../apps/server/src/api/error-codes.ts';
import { ROUTE_ERROR_CODES } from '../apps/server/src/api/route-error-codes.ts';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'apps/server/src/api/route-error-codes.ts');
const recordFile = process.argv[2];
if (!recordFile) throw new Error('usage: node --import tsx scripts/error-codes-record.ts <record file>');

const catalogue = new Map<string, Map<number, Set<string>>>();
const add = (route: string, status: number, code: string) => {
  if (!route.split(' ')[1]!.startsWith('/api/')) return;
  if (ANY_ROUTE_ERROR_CODES[status]?.includes(code as never)) return;
  if (!catalogue.has(route)) catalogue.set(route, new Map());
  const byStatus = catalogue.get(route)!;
  if (!byStatus.has(status)) byStatus.set(status, new Set());
  byStatus.get(status)!.add(code);
};
for (const [route, byStatus] of Object.entries(ROUTE_ERROR_CODES))
  for (const [status, codes] of Object.entries(byStatus)) for (const code of codes) add(route, Number(status), code);
for (const line of fs.readFileSync(recordFile, 'utf8').split('\n').filter(Boolean)) {
  const { route, status, code } = JSON.parse(line) as { route: string; status: number; code: string };
  add(route, status, code);
}

const entries = [...catalogue.entries()].sort(([a], [b]) => (a.split(' ')[1]! + a).localeCompare(b.split(' ')[1]! + b));
const lines = entries.map(([route, byStatus]) => {
  const statuses = [...byStatus.entries()].sort(([a], [b]) => a - b);
  const body = statuses
    .map(
      ([status, codes]) =>
        `${status}: [${[...codes]
          .sort()
          .map((c) => `'${c}'`)
          .join(', ')}]`,
    )
    .join(', ');
  return `  '${route}': { ${body} },`;
});
fs.writeFileSync(
  target,
  `// Each API route's own error codes, by status (issue 25), beside the codes any route may answer
// (error-codes.ts). Gathered from what the server's tests answer (scripts/error-codes-record.ts), kept by
// hand after: under test, a failure whose code its route does not list fails the test file
// (plugins/error-code-audit.ts), and the OpenAPI document shows these as each status's \`code\` enum.
import type { ErrorCode } from '@store/shared';

export const ROUTE_ERROR_CODES: Readonly<Record<string, Readonly<Record<number, readonly ErrorCode[]>>>> = {
${lines.join('\n')}
};
`,
);
console.log(`${entries.length} routes in ${path.relative(root, target)}`);
