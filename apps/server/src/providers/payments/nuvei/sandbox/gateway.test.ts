// The sandbox card gateway and the merchant's 3-D Secure challenge preference: 'Challenge' sends a card
// that would pass frictionless through the challenge, as an issuer honouring the request would; the
// other preferences change nothing, since the issuer still decides. And what Nuvei refuses, the sandbox
// refuses (ADR 037): card calls without the payer's required fields, a 3-D Secure 2 payment without the
// browser's details, and no sale until the final payment after the challenge. Against a real (test) database.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAll } from '../../../../migrations.ts';
import { checkCard, type CheckedCard } from '../../../vault/card-rules.ts';
import { createVault, type Vault } from '../../../vault/vault.ts';
import { openTestDatabase, type TestDatabase } from '../../../../../test/support/test-app.ts';
import type { BrowserDetails, PaymentRequest, ThreeDsChallengePreference } from '@store/server-kit';
import { createSandboxGateway, SandboxRefusal, type SandboxGateway } from './gateway.ts';
import { SANDBOX_CARDS } from './test-cards.ts';

let database: TestDatabase;
let vault: Vault;
let gateway: SandboxGateway;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrateAll(database.database);
  vault = createVault(database.database.db, randomBytes(32));
  gateway = createSandboxGateway({
    db: database.database.db,
    vault,
    browserBase: 'http://store.test',
    webhookSecret: 'sandbox-secret',
    challengeReturnUrl: (paymentId) => `http://store.test/api/v1/nuvei/3ds/return/${paymentId}`,
  });
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

let payments = 0;
async function request(number: string, preference?: ThreeDsChallengePreference, cvv: string | null = '123'): Promise<PaymentRequest> {
  const checked = checkCard({ number, expiry: '12/34' });
  if ('error' in checked) throw new Error(checked.error);
  const { token } = await vault.storeCard(checked as CheckedCard, cvv ?? undefined);
  return {
    paymentId: `pay-${++payments}`,
    orderId: `order-${payments}`,
    userId: 'user-1',
    payerName: 'Mei Lin',
    amountCents: 2500,
    currency: 'USD',
    source: { method: 'card', cardToken: token },
    payer: { email: 'mei@example.com', firstName: 'Mei', lastName: 'Lin', country: 'US', ipAddress: '203.0.113.7' },
    ...(preference ? { threeDsChallengePreference: preference } : {}),
  };
}

const browser: BrowserDetails = {
  acceptHeader: 'text/html',
  ip: '203.0.113.7',
  javaEnabled: 'FALSE',
  javaScriptEnabled: 'TRUE',
  language: 'en-US',
  colorDepth: '24',
  screenHeight: '900',
  screenWidth: '1366',
  timeZone: '0',
  userAgent: 'Mozilla/5.0',
};

/** start, then (after the fingerprint) confirm, as the payments core and the hosted checkout do. */
async function pay(req: PaymentRequest) {
  const started = await gateway.start(req);
  if (started.status !== 'action' || started.action.kind !== 'fingerprint') return { started, confirmed: null };
  const confirmed = await gateway.confirm({
    ...req,
    browser,
    transactionId: started.transactionId,
    threeDVersion: started.action.threeDVersion,
  });
  return { started, confirmed };
}

describe('sandbox gateway: 3-D Secure challenge preference', () => {
  it("'Challenge' sends the frictionless card through the challenge; approving it charges the card", async () => {
    const req = await request(SANDBOX_CARDS.frictionless, 'Challenge');
    const { started, confirmed } = await pay(req);
    expect(started).toMatchObject({ status: 'action', action: { kind: 'fingerprint' } });
    expect(confirmed).toMatchObject({ status: 'action', action: { kind: 'challenge' } });
    const url = new URL(confirmed!.status === 'action' && confirmed!.action.kind === 'challenge' ? confirmed!.action.url : '');
    expect(url.pathname).toBe(`/sandbox/3ds/${confirmed!.transactionId}`);
    expect(await gateway.lookup({ paymentId: req.paymentId, orderId: req.orderId, transactionId: confirmed!.transactionId })).toEqual({
      status: 'pending',
      transactionId: confirmed!.transactionId,
    });

    const decided = await gateway.decideChallenge(confirmed!.transactionId, url.searchParams.get('secret')!, true);
    expect(decided?.notificationUrl).toBe(`http://store.test/api/v1/nuvei/3ds/return/${req.paymentId}`);
    expect(JSON.parse(Buffer.from(decided!.cres, 'base64url').toString())).toMatchObject({ messageType: 'CRes', transStatus: 'Y' });
    // The bank said yes, but no sale happens until the final payment.
    expect(await gateway.lookup({ paymentId: req.paymentId, orderId: req.orderId, transactionId: confirmed!.transactionId })).toEqual({
      status: 'pending',
      transactionId: confirmed!.transactionId,
    });
    const final = await gateway.completeChallenge({ ...req, transactionId: confirmed!.transactionId });
    expect(final).toMatchObject({ status: 'approved', card: { last4: '1111' } });
    expect(await gateway.lookup({ paymentId: req.paymentId, orderId: req.orderId, transactionId: null })).toMatchObject({
      status: 'approved',
      transactionId: final.transactionId,
      amountCents: 2500,
      card: { last4: '1111' },
    });
    // The final payment is taken once: a second one sells nothing.
    expect(await gateway.completeChallenge({ ...req, transactionId: confirmed!.transactionId })).toMatchObject({ status: 'declined' });
  });

  it("the bank page's answer goes where the payment said (its challengeReturnUrl, carried by the creq), else to the store's page", async () => {
    const req = {
      ...(await request(SANDBOX_CARDS.frictionless, 'Challenge')),
      challengeReturnUrl: 'http://checkout.test/api/checkout/3ds/return/ca_1',
    };
    const { confirmed } = await pay(req);
    if (confirmed?.status !== 'action' || confirmed.action.kind !== 'challenge') throw new Error('expected a challenge');
    const secret = new URL(confirmed.action.url).searchParams.get('secret')!;
    expect(await gateway.findChallenge(confirmed.transactionId, secret, confirmed.action.creq!)).toMatchObject({ status: 'challenge' });
    const decided = await gateway.decideChallenge(confirmed.transactionId, secret, true, confirmed.action.creq);
    expect(decided?.notificationUrl).toBe('http://checkout.test/api/checkout/3ds/return/ca_1');
  });

  it("'Challenge' with the challenge refused declines the frictionless card", async () => {
    const req = await request(SANDBOX_CARDS.frictionless, 'Challenge');
    const { confirmed } = await pay(req);
    if (confirmed?.status !== 'action' || confirmed.action.kind !== 'challenge') throw new Error('expected a challenge');
    const decided = await gateway.decideChallenge(
      confirmed.transactionId,
      new URL(confirmed.action.url).searchParams.get('secret')!,
      false,
    );
    expect(JSON.parse(Buffer.from(decided!.cres, 'base64url').toString())).toMatchObject({ transStatus: 'N' });
    expect(await gateway.completeChallenge({ ...req, transactionId: confirmed.transactionId })).toMatchObject({
      status: 'declined',
      reason: '3-D Secure authentication failed',
    });
    expect(await gateway.lookup({ paymentId: req.paymentId, orderId: req.orderId, transactionId: confirmed.transactionId })).toMatchObject({
      status: 'declined',
      code: 'CARD_DECLINED',
    });
  });

  it.each([undefined, 'NoPreference', 'Frictionless'] as const)(
    'with %s the frictionless card is approved without a challenge',
    async (preference) => {
      const { started } = await pay(await request(SANDBOX_CARDS.frictionless, preference));
      expect(started).toMatchObject({ status: 'approved', card: { last4: '1111' } });
    },
  );

  it.each(['NoPreference', 'Frictionless', 'Challenge'] as const)(
    'with %s the challenge card is still challenged: the issuer decides',
    async (preference) => {
      const { started, confirmed } = await pay(await request(SANDBOX_CARDS.challenge, preference));
      expect(started).toMatchObject({ status: 'action', action: { kind: 'fingerprint' } });
      expect(confirmed).toMatchObject({ status: 'action', action: { kind: 'challenge' } });
    },
  );

  it.each([
    [SANDBOX_CARDS.declined, 'CARD_DECLINED'],
    [SANDBOX_CARDS.insufficientFunds, 'INSUFFICIENT_FUNDS'],
  ] as const)("'Challenge' does not save a declining card (%s): %s", async (number, code) => {
    const { started, confirmed } = await pay(await request(number, 'Challenge'));
    expect(started).toMatchObject({ status: 'declined', code });
    expect(confirmed).toBeNull();
  });
});

describe('sandbox gateway: what Nuvei refuses', () => {
  it.each([
    ['country', 'billingAddress.country'],
    ['email', 'billingAddress.email'],
    ['firstName', 'billingAddress.firstName'],
    ['lastName', 'billingAddress.lastName'],
    ['ipAddress', 'deviceDetails.ipAddress'],
  ] as const)('initPayment without the payer %s: ERROR naming %s, nothing recorded', async (field, named) => {
    const req = await request(SANDBOX_CARDS.frictionless);
    const refused = gateway.start({ ...req, payer: { ...req.payer!, [field]: field === 'ipAddress' ? null : '' } });
    await expect(refused).rejects.toBeInstanceOf(SandboxRefusal);
    await expect(refused).rejects.toMatchObject({ status: 'ERROR', reason: `Missing or invalid parameter: ${named}` });
    expect(await gateway.lookup({ paymentId: req.paymentId, orderId: req.orderId, transactionId: null })).toEqual({ status: 'none' });
  });

  it('a 3-D Secure 2 payment without the browser details is refused, naming the field', async () => {
    const req = await request(SANDBOX_CARDS.challenge);
    const started = await gateway.start(req);
    if (started.status !== 'action' || started.action.kind !== 'fingerprint') throw new Error('expected a fingerprint');
    await expect(
      gateway.confirm({ ...req, transactionId: started.transactionId, threeDVersion: started.action.threeDVersion }),
    ).rejects.toMatchObject({
      status: 'ERROR',
      reason: 'Missing or invalid parameter: threeD.browserDetails.acceptHeader',
    });
  });

  it('a client that never sends the final payment sells nothing: the challenged payment stays open, then expires declined', async () => {
    const req = await request(SANDBOX_CARDS.challenge);
    const { confirmed } = await pay(req);
    if (confirmed?.status !== 'action' || confirmed.action.kind !== 'challenge') throw new Error('expected a challenge');
    expect(confirmed.action.creq).toBeTruthy();
    await gateway.decideChallenge(confirmed.transactionId, new URL(confirmed.action.url).searchParams.get('secret')!, true);
    expect(await gateway.lookup({ paymentId: req.paymentId, orderId: req.orderId, transactionId: null })).toEqual({
      status: 'pending',
      transactionId: confirmed.transactionId,
    });
  });

  it('a final payment before the shopper answered the bank is declined, and sells nothing', async () => {
    const req = await request(SANDBOX_CARDS.challenge);
    const { confirmed } = await pay(req);
    if (confirmed?.status !== 'action') throw new Error('expected a challenge');
    expect(await gateway.completeChallenge({ ...req, transactionId: confirmed.transactionId })).toMatchObject({
      status: 'declined',
      reason: '3-D Secure challenge not completed',
    });
  });
});

describe("sandbox gateway: a new card's CVV (ADR 038)", () => {
  it('declines a new card that came without its CVV, paying or verifying, as an acquirer would; nothing is approved', async () => {
    const req = await request(SANDBOX_CARDS.frictionless, undefined, null);
    expect(await gateway.start(req)).toMatchObject({ status: 'declined', code: 'CARD_DECLINED', reason: 'CVV check failed' });
    const other = await request(SANDBOX_CARDS.frictionless, undefined, null);
    expect(
      await gateway.verifyCard({ userId: 'user-1', payerName: 'Mei Lin', source: other.source as never, payer: other.payer }),
    ).toMatchObject({
      status: 'declined',
      reason: 'CVV check failed',
    });
  });

  it("takes the CVV with the card's first payment: the same token paying again has none and is declined", async () => {
    const req = await request(SANDBOX_CARDS.frictionless);
    expect(await gateway.start(req)).toMatchObject({ status: 'approved' });
    expect(await vault.takeCardCvv((req.source as { cardToken: string }).cardToken)).toBeNull();
    expect(await gateway.start({ ...req, paymentId: 'pay-again', orderId: 'order-again' })).toMatchObject({
      status: 'declined',
      reason: 'CVV check failed',
    });
  });
});
