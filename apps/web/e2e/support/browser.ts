import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { keepRecording, startRecording } from './artifacts.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

export interface TrackedPage extends Page {
  /** Console errors the browser prints for these HTTP statuses are expected in this test. */
  allowHttpErrors(...statuses: number[]): void;
}

/**
 * One browser per test file; a fresh context per page. Any console error or uncaught page error fails
 * the test, except the browser's own "Failed to load resource" line for statuses the test expects.
 */
export function useBrowser(opts: { storeURL?: () => string } = {}) {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const baseURL = inject('baseURL');
  // A file that starts a store of its own (a setting every shopper sees) points its pages at that one.
  const pagesURL = opts.storeURL ?? (() => baseURL);

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterEach(async ({ task }) => {
    const open = contexts.splice(0);
    const failed = task.result?.state === 'fail' || problems.length > 0;
    const kept = await keepRecording(open, task.file?.filepath ?? 'e2e', task.name, failed);
    await Promise.all(open.map((c) => c.close()));
    // Taken once this test's pages are closed: an error a page prints while its recording is saved is this
    // test's, not charged to the next one.
    const found = problems.splice(0);
    const where = kept ? `\n(screenshots and trace in ${kept})` : '';
    if (found.length) throw new Error(`Console errors in the page:\n${found.join('\n')}${where}`);
    if (kept) console.error(`Browser test failed: screenshots and trace in ${kept}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(
    opts: { viewport?: { width: number; height: number }; token?: string; user?: object; javaScript?: boolean } = {},
  ): Promise<TrackedPage> {
    const context = await browser.newContext({
      baseURL: pagesURL(),
      viewport: opts.viewport ?? DESKTOP_VIEWPORT,
      javaScriptEnabled: opts.javaScript ?? true,
    });
    contexts.push(context);
    await startRecording(context);
    if (opts.token) {
      await context.addInitScript(
        ([token, user]) => {
          // Only the store's own document: the hosted card frames are another origin, with no access here.
          if (window.top !== window) return;
          if (!sessionStorage.getItem('e2e-session-seeded')) {
            localStorage.setItem('xAuthToken', token as string);
            if (user) localStorage.setItem('user', JSON.stringify(user));
            sessionStorage.setItem('e2e-session-seeded', '1');
          }
        },
        [opts.token, opts.user ?? null],
      );
    }
    const page = (await context.newPage()) as TrackedPage;
    const allowed = new Set<number>();
    page.allowHttpErrors = (...statuses) => statuses.forEach((s) => allowed.add(s));
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      const status = /status of (\d{3})/.exec(text)?.[1];
      if (status && allowed.has(Number(status))) return;
      problems.push(`console.error: ${text}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    // The console line names no address; this one does, so a failure says which request it was.
    page.on('response', (res) => {
      if (res.status() >= 500 && !allowed.has(res.status()))
        problems.push(`response: ${res.status()} ${res.request().method()} ${res.url()}`);
    });
    return page;
  }

  return { newPage, baseURL };
}
