// The cashier sandbox refuses what Nuvei's Payment Page refuses (issue 22, ADR 039): its page opens only for
// a URL whose checksum is right by the independent rules (../../sandbox/checksum-rules.ts), for the
// sandbox's merchant and this page's payment. The URL the store answers is built by the real client's
// page-url.ts, so a client that signs wrongly fails here too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../../test/support/test-app.ts';
import { createShopper } from '../../../../../../test/support/checkout.ts';
import { startCashier } from '../../../../../../test/support/cashier.ts';
import { pendingOrder } from '../../../../../../test/support/payments.ts';
import { cashierChecksum } from '../page-url.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(async () => {
  await t.close();
});

/** A fresh cashier page's URL, as POST v1/nuvei/cashier answers it. */
async function pageUrl(): Promise<URL> {
  const shopper = await createShopper(t.database.db);
  const order = await pendingOrder(t.app, shopper);
  const res = await startCashier(t.app, shopper, { orderId: order._id });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().data.url, 'http://localhost');
}

const open = (url: URL) => t.app.inject({ method: 'GET', url: url.pathname + url.search });

/** The URL with its query rewritten by `edit` (the secret and the other parameters in the same order). */
function rewritten(url: URL, edit: (params: [string, string][]) => [string, string][]): URL {
  const out = new URL(url.pathname, url);
  for (const [k, v] of edit([...url.searchParams])) out.searchParams.append(k, v);
  return out;
}

/** The signed parameters (the secret and the checksum aside), in URL order. */
const signedParams = (params: [string, string][]) => params.filter(([k]) => k !== 'secret' && k !== 'checksum');

describe("the cashier sandbox's page checks the Payment Page URL's checksum", () => {
  it('opens for the URL the store answered: signed as Nuvei signs it', async () => {
    const url = await pageUrl();
    expect(url.searchParams.get('merchant_unique_id')).toBeTruthy();
    expect(url.searchParams.get('checksum')).toMatch(/^[0-9a-f]{64}$/);
    const page = await open(url);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('$4.99');
  });

  it('refuses a changed amount, a checksum made with another secret, and the values signed in another order; the right URL still opens', async () => {
    const url = await pageUrl();
    const tampered = rewritten(url, (ps) => ps.map(([k, v]) => [k, k === 'total_amount' || k === 'item_amount_1' ? '0.01' : v]));
    // A client with the wrong secret key: its own checksum function, honestly applied.
    const wrongSecret = rewritten(url, (ps) =>
      ps.map(([k, v]) => [k, k === 'checksum' ? cashierChecksum(signedParams(ps), 'not-the-secret') : v]),
    );
    // A client that signs the values in another order than the URL carries them (the secret is unknown to
    // the test, so the order is changed in the URL instead: the checksum no longer follows it).
    const reordered = rewritten(url, (ps) => {
      const i = ps.findIndex(([k]) => k === 'currency');
      const j = ps.findIndex(([k]) => k === 'user_token_id');
      const out = [...ps];
      [out[i], out[j]] = [out[j]!, out[i]!];
      return out;
    });
    const unsigned = rewritten(url, (ps) => ps.filter(([k]) => k !== 'checksum'));
    for (const bad of [tampered, wrongSecret, reordered, unsigned]) {
      const res = await open(bad);
      expect(res.statusCode, bad.search).toBe(400);
      expect(res.body).toBe('Invalid checksum');
    }
    expect((await open(url)).statusCode).toBe(200);
  });

  it("refuses another page's signed parameters under this page's secret", async () => {
    const one = await pageUrl();
    const other = await pageUrl();
    const swapped = rewritten(one, () => [
      ['secret', one.searchParams.get('secret')!],
      ...[...other.searchParams].filter(([k]) => k !== 'secret'),
    ]);
    const res = await open(swapped);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The page was opened for another payment');
  });
});
