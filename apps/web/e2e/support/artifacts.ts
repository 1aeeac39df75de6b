// What a failed browser test leaves behind for whoever reads the CI log: a screenshot of every page it
// had open and a Playwright trace of its browser context (open with `npx playwright show-trace <zip>`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';

/** E2E_ARTIFACTS_DIR, else apps/web/e2e/artifacts (git-ignored); `npm test` prints it when it is not empty. */
export const ARTIFACTS_DIR = process.env.E2E_ARTIFACTS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

const safeName = (text: string) =>
  text
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'test';

/**
 * Starts recording a context: actions, console, network and screenshots, kept only if the test fails.
 * No DOM snapshots: recording them injects a script into every frame, which a sandboxed frame (the
 * mailbox's mail body) refuses with a console error, and any console error fails a browser test.
 */
export async function startRecording(context: BrowserContext): Promise<void> {
  await context.tracing.start({ screenshots: true, snapshots: false });
}

/**
 * Stops a context's recording; for a failed test, writes its pages' screenshots and its trace under
 * ARTIFACTS_DIR/<test file>/<test name>/ and returns that folder.
 */
export async function keepRecording(
  contexts: BrowserContext[],
  testFile: string,
  testName: string,
  failed: boolean,
): Promise<string | null> {
  if (!failed) {
    await Promise.all(contexts.map((context) => context.tracing.stop().catch(() => {})));
    return null;
  }
  const dir = path.join(ARTIFACTS_DIR, safeName(path.basename(testFile)), safeName(testName));
  fs.mkdirSync(dir, { recursive: true });
  await Promise.all(
    contexts.map(async (context, c) => {
      await Promise.all(
        context
          .pages()
          .map((page, p) => page.screenshot({ path: path.join(dir, `context${c}-page${p}.png`), fullPage: true }).catch(() => {})),
      );
      await context.tracing.stop({ path: path.join(dir, `context${c}-trace.zip`) }).catch(() => {});
    }),
  );
  return dir;
}
