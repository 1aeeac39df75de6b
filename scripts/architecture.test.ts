// docs/architecture.md stays true (issue 25): its Mermaid drawing names every server module and exactly the
// dependencies lint allows (scripts/server-module-uses.js), and its topic table lists every outbox topic.
import fs from 'node:fs';
import path from 'node:path';
import { OUTBOX_TOPICS } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { SERVER_MODULE_USES } from './server-module-uses.js';

const root = path.resolve(import.meta.dirname, '..');
const doc = () => fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const moduleFolders = () =>
  fs
    .readdirSync(path.join(root, 'apps/server/src/modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** What the drawing says: the modules it names and its arrows ("a --> b"). */
function readDrawing(markdown: string): { nodes: Set<string>; edges: Set<string> } {
  const block = /```mermaid\n([\s\S]*?)```/.exec(markdown);
  if (!block) throw new Error('docs/architecture.md has no mermaid block');
  const nodes = new Set<string>();
  const edges = new Set<string>();
  for (const line of block[1]!.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('flowchart') || line.startsWith('%%')) continue;
    const arrow = /^(\w+)\s*-->\s*(\w+)$/.exec(line);
    if (arrow) {
      nodes.add(arrow[1]!).add(arrow[2]!);
      edges.add(`${arrow[1]} --> ${arrow[2]}`);
    } else if (/^\w+$/.test(line)) nodes.add(line);
    else throw new Error(`docs/architecture.md: a drawing line this check cannot read: ${line}`);
  }
  return { nodes, edges };
}

/** What the drawing gets wrong against the module folders and the allowed uses; empty when it is right. */
export function drawingProblems(markdown: string, modules: string[], uses: Record<string, string[]>): string[] {
  const { nodes, edges } = readDrawing(markdown);
  const allowed = new Set(Object.entries(uses).flatMap(([m, used]) => used.map((u) => `${m} --> ${u}`)));
  return [
    ...modules.filter((m) => !nodes.has(m)).map((m) => `module ${m} is not drawn`),
    ...[...nodes].filter((n) => !modules.includes(n)).map((n) => `${n} is drawn but is no module`),
    ...[...allowed].filter((e) => !edges.has(e)).map((e) => `${e} is allowed but not drawn`),
    ...[...edges].filter((e) => !allowed.has(e)).map((e) => `${e} is drawn but not allowed`),
  ];
}

describe('docs/architecture.md', () => {
  it('draws every server module and exactly the uses lint allows', () => {
    expect(drawingProblems(doc(), moduleFolders(), SERVER_MODULE_USES)).toEqual([]);
  });

  it('fails the check when a module, or a use, is missing from the drawing or drawn wrongly', () => {
    const markdown = '```mermaid\nflowchart LR\n  cart --> catalog\n  cart --> wallet\n```\n';
    expect(drawingProblems(markdown, ['cart', 'catalog', 'coupons'], { cart: ['catalog', 'coupons'], catalog: [], coupons: [] })).toEqual([
      'module coupons is not drawn',
      'wallet is drawn but is no module',
      'cart --> coupons is allowed but not drawn',
      'cart --> wallet is drawn but not allowed',
    ]);
  });

  it('lists every outbox topic', () => {
    const text = doc();
    for (const topic of Object.values(OUTBOX_TOPICS)) expect(text, topic.name).toContain(`\`${topic.name}\``);
  });
});
