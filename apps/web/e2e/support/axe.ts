// axe-core (Deque's accessibility engine) run in the page, as its own docs show for any browser driver:
// its script evaluated in the page, then axe.run on the document with the WCAG 2.x A and AA rules (issue 24).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The serious and critical WCAG AA violations on the page as it is now. Frames of other origins (the card
 * vault's fields, the identity check) are left out: axe cannot reach into them from this page.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the browser's protocol, not added as a script tag: the store's CSP refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, iframes: false });
    return result.violations as { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
  }, WCAG_AA_TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => String(n.target.join(' '))) }));
}
