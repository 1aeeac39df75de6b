// The sandbox card gateway and the merchant's 3-D Secure challenge preference: 'Challenge' sends a card
// that would pass frictionless through the challenge, as an issuer honouring the request would; the
// other preferences change nothing, since the issuer still decides. Against a real (test) database.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../../db/migrate.ts';
import { checkCard, type CheckedCard } from '../../../vault/card-rules.ts';
import { createVault, type Vault } from '../../../vault/vault.ts';
import { openTestDatabase, type TestDatabase } from '../../../../../test/support/test-app.ts';
import type { PaymentRequest, ThreeDsChallengePreference } from '../../types.ts';
import { createSandboxGateway, type SandboxGateway } from './gateway.ts';
import { SANDBOX_CARDS } from './test-cards.ts';

let database: TestDatabase;
let vault: Vault;
let gateway: SandboxGateway;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database.database);
  vault = createVault(database.database.db, randomBytes(32));
  gateway = createSandboxGateway({ db: database.database.db, vault, browserBase: 'http://store.test', webhookSecret: 'sandbox-secret' });
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
    ...(preference ? { threeDsChallengePreference: preference } : {}),
  };
}

/** start, then (after the fingerprint) confirm, as the payments core and the hosted checkout do. */
async function pay(req: PaymentRequest) {
  const started = await gateway.start(req);
  if (started.status !== 'action' || started.action.kind !== 'fingerprint') return { started, confirmed: null };
  const confirmed = await gateway.confirm({ ...req, transactionId: started.transactionId, threeDVersion: started.action.threeDVersion });
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
    expect(decided?.body).toMatchObject({ status: 'APPROVED', transactionType: 'Sale', amountCents: 2500 });
    expect(await gateway.lookup({ paymentId: req.paymentId, orderId: req.orderId, transactionId: confirmed!.transactionId })).toMatchObject(
      {
        status: 'approved',
        transactionId: confirmed!.transactionId,
        amountCents: 2500,
        card: { last4: '1111' },
      },
    );
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
    expect(decided?.body).toMatchObject({ status: 'DECLINED', code: 'CARD_DECLINED' });
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

describe("sandbox gateway: a new card's CVV (ADR 038)", () => {
  it('declines a new card that came without its CVV, paying or verifying, as an acquirer would; nothing is approved', async () => {
    const req = await request(SANDBOX_CARDS.frictionless, undefined, null);
    expect(await gateway.start(req)).toMatchObject({ status: 'declined', code: 'CARD_DECLINED', reason: 'CVV check failed' });
    const other = await request(SANDBOX_CARDS.frictionless, undefined, null);
    expect(await gateway.verifyCard({ userId: 'user-1', payerName: 'Mei Lin', source: other.source as never })).toMatchObject({
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
