// Issue 7, finding 3: the sandbox's 3-D Secure page behaves like a bank's. It opens and takes a decision
// only with the single-use secret in the URL the payment step returned; without it (or with another
// challenge's) it answers as for an unknown challenge, and the shopper's order is untouched.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { payments } from '../../db/schema.ts';
import { sandboxTransactions } from '../../db/sandbox-schema.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { createShopper, expectLedgerBalanced, type Shopper } from '../../../test/support/checkout.ts';
import { answerChallenge, init, orderStatus, paymentFirst, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';

const NO_SUCH = 'No such 3-D Secure challenge.';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test' }, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A shopper at the bank's page: the challenge URL the API gave them, and their order. */
async function atTheBank() {
  const s = await createShopper(db());
  const order = await pendingOrder(t.app, s);
  const step1 = (await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) })).json().data;
  const step2 = await paymentFirst(t.app, s, {
    orderId: order._id,
    version: step1.paymentOption.card.threeD.version,
    relatedTransactionId: step1.transactionId,
  });
  expect(step2.statusCode, step2.body).toBe(200);
  const url = new URL(step2.json().data.url as string);
  const creq = step2.json().data.creq as string;
  return { s, order, url, creq, transactionId: url.pathname.split('/').pop()!, secret: url.searchParams.get('secret')! };
}

/** The bank page as the pay page's form opens it (creq POSTed; ADR 037). */
const getPage = (path: string, creq: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ creq }).toString(),
  });
const postDecision = (transactionId: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/3ds/${transactionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

async function expectUntouched(s: Shopper, orderId: string, transactionId: string) {
  expect(await orderStatus(t.app, s, orderId)).toBe('pending');
  expect((await db().select().from(payments).where(eq(payments.orderId, orderId))).map((p) => p.status)).toEqual(['challenge']);
  const [txn] = await db().select().from(sandboxTransactions).where(eq(sandboxTransactions.id, transactionId));
  expect(txn!.status).toBe('challenge');
}

describe('the 3-D Secure page without its secret', () => {
  it("answers 404 to a stranger (no secret, a wrong one, another challenge's) on GET and POST; the order is untouched", async () => {
    const victim = await atTheBank();
    const stranger = await atTheBank();
    const { transactionId } = victim;
    const wrong = 'A'.repeat(43);

    for (const query of ['', `?secret=${wrong}`, `?secret=${stranger.secret}`, '?secret=short']) {
      const page = await getPage(`/sandbox/3ds/${transactionId}${query}`, victim.creq);
      expect(page.statusCode, query).toBe(404);
      expect(page.body).toContain(NO_SUCH);
    }
    // The right secret with another challenge's creq opens nothing either.
    const mixed = await getPage(`/sandbox/3ds/${transactionId}?secret=${victim.secret}`, stranger.creq);
    expect(mixed.statusCode).toBe(404);
    const forms: Record<string, string>[] = [
      { decision: 'fail' },
      { decision: 'fail', secret: wrong },
      { decision: 'fail', secret: stranger.secret },
      { decision: 'fail', secret: '' },
    ];
    for (const form of forms) {
      const res = await postDecision(transactionId, form);
      expect(res.statusCode, JSON.stringify(form)).toBe(404);
      expect(res.body).toContain(NO_SUCH);
    }
    await expectUntouched(victim.s, victim.order._id, transactionId);
    await expectUntouched(stranger.s, stranger.order._id, stranger.transactionId);
  });

  it('keeps only a hash: the secret (256 bits, base64url) is in no stored row', async () => {
    const { secret, transactionId } = await atTheBank();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db().execute(
      sql`SELECT row_to_json(s)::text FROM sandbox_transactions s UNION ALL SELECT row_to_json(p)::text FROM payments p`,
    );
    const dump = JSON.stringify(rows);
    expect(dump).toContain(transactionId);
    expect(dump).not.toContain(secret);
  });
});

describe('the 3-D Secure page opened as an ACS is (ADR 037)', () => {
  it('refuses a GET (405, Allow: POST) and a POST without creq (400), even with the right secret; the order is untouched', async () => {
    const { s, order, url, transactionId } = await atTheBank();
    const got = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(got.statusCode).toBe(405);
    expect(got.headers.allow).toBe('POST');
    expect(got.body).toContain('creq');
    expect(got.body).not.toContain('Approve');
    const bare = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).not.toContain('Approve');
    await expectUntouched(s, order._id, transactionId);
  });
});

describe('the 3-D Secure page with its secret', () => {
  it('opens, takes one decision, and refuses a second one with the same secret', async () => {
    const { s, order, url, creq, transactionId, secret } = await atTheBank();
    const page = await getPage(`${url.pathname}${url.search}`, creq);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Approve');
    // The form carries the secret in its body, out of the URL the form posts to.
    expect(page.body).toContain(
      `<form method="post" action="/sandbox/3ds/${transactionId}"><input type="hidden" name="secret" value="${secret}">`,
    );

    const approved = await answerChallenge(t.app, { url: url.href, creq }, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`http://store.test/payment-success?orderId=${order._id}`);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');

    // Used up: neither the page nor another decision is available with it.
    const again = await answerChallenge(t.app, { url: url.href, creq }, 'fail');
    expect(again.statusCode).toBe(404);
    expect((await getPage(`${url.pathname}${url.search}`, creq)).statusCode).toBe(404);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect((await getWalletCoins(db(), s.id)).purchasedWallet).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(db(), order._id);
  });

  it('ten decisions posted at once with it: one is taken, the others 404; credited once', async () => {
    const { s, order, url, creq } = await atTheBank();
    const results = await Promise.all(Array.from({ length: 10 }, () => answerChallenge(t.app, { url: url.href, creq }, 'approve')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([303, ...Array(9).fill(404)]);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect((await getWalletCoins(db(), s.id)).purchasedWallet).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(db(), order._id);
  });
});
