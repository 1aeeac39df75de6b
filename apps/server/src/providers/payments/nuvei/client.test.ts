import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNuveiClient } from './client.ts';
// Checksums are checked against Nuvei's Node SDK (or, where it has no such call, Nuvei's documented order,
// via the sandboxes' own rules) and DMNs signed with Nuvei's documented formula, never with checksum.ts (ADR 039).
import { sdkChecksum } from '../../../../test/support/safecharge-oracle.ts';
import { checksumMatches, dmnChecksum } from './sandbox/checksum-rules.ts';
import { SANDBOX_CARDS } from './sandbox/test-cards.ts';
import { migrateAll } from '../../../migrations.ts';
import { checkCard, type CheckedCard } from '../../vault/card-rules.ts';
import type { RelayRequest } from '../../vault/relay.ts';
import { createVault, CVV_TTL_MS, type Vault } from '../../vault/vault.ts';
import { startFakeNuvei, type FakeNuvei } from '../../../../test/support/fake-nuvei.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/test-app.ts';

const creds = { merchantId: '4242424242', merchantSiteId: '112233', secretKey: 'fake-nuvei-secret-key' };
let fake: FakeNuvei;
let database: TestDatabase;
let vault: Vault;
/** The vault's clock: a test moves it past a CVV token's life. */
let clock = Date.now();
/** What the client asked the vault to relay, as it built it. */
const relayed: RelayRequest[] = [];
let client: ReturnType<typeof createNuveiClient>;

beforeAll(async () => {
  fake = await startFakeNuvei(creds);
  database = await openTestDatabase();
  await migrateAll(database.database);
  vault = createVault(database.database.db, randomBytes(32), {
    relay: { destinations: [fake.baseUrl], timeoutMs: 15_000 },
    now: () => clock,
  });
  client = createNuveiClient({
    ...creds,
    baseUrl: fake.baseUrl,
    notificationUrl: 'http://store.test/api/v1/nuvei/notify',
    relay: (request) => {
      relayed.push(request);
      return vault.relay(request);
    },
  });
});
afterAll(async () => {
  await fake.close();
  await database.drop();
});

/** A vault token for a card, as the card frame gets one: with its CVV (`null`: a token without one). */
async function cardToken(number: string = SANDBOX_CARDS.frictionless, cvv: string | null = '123'): Promise<string> {
  const checked = checkCard({ number, expiry: '12/34' });
  if ('error' in checked) throw new Error(checked.error);
  return (await vault.storeCard(checked as CheckedCard, cvv ?? undefined)).token;
}

/** The payer Nuvei requires on every card call (billingAddress, deviceDetails.ipAddress; ADR 037, 039). */
const payer = { email: 'mei@example.com', firstName: 'Mei', lastName: 'Lin', country: 'US', ipAddress: '203.0.113.7' };

const request = (cardToken: string, paymentId = 'pay-1') => ({
  paymentId,
  orderId: 'order-1',
  userId: 'user-1',
  payerName: 'Mei Lin',
  amountCents: 1999,
  currency: 'USD' as const,
  source: { method: 'card' as const, cardToken },
  payer,
});

const cardCalls = () => fake.calls.filter((c) => c.method === 'initPayment' || c.method === 'payment');

describe('Nuvei REST client (against a local server speaking the API, card calls through the vault)', () => {
  it('initPayment with a session token and checksums, then payment with the 3-D version: approved', async () => {
    const token = await cardToken();
    const cvvToken = vault.storeCvv('737');
    const fresh = { ...request(token), source: { method: 'card' as const, cardToken: token, cvvToken } };
    const first = await client.start(fresh);
    expect(first).toMatchObject({ status: 'action', action: { kind: 'fingerprint', threeDVersion: '2.2.0' } });
    const initCall = fake.calls.find((c) => c.method === 'initPayment')!;
    expect(initCall.body).toMatchObject({
      amount: '19.99',
      currency: 'USD',
      clientUniqueId: 'pay-1',
      userTokenId: 'user-1',
      // Nuvei's raw card, as the vault filled it in.
      paymentOption: {
        card: {
          cardNumber: SANDBOX_CARDS.frictionless,
          cardHolderName: 'Mei Lin',
          expirationMonth: '12',
          expirationYear: '2034',
          CVV: '737',
        },
      },
    });
    expect(initCall.body.checksum).toBe(sdkChecksum('initPayment', initCall.body, creds));
    // The client itself only ever wrote placeholders.
    const built = relayed.at(-1)!;
    expect(built.url).toBe(`${fake.baseUrl}/initPayment.do`);
    expect(built.body).not.toContain(SANDBOX_CARDS.frictionless);
    expect(JSON.parse(built.body).paymentOption.card).toEqual({
      cardNumber: `{{card.number:${token}}}`,
      cardHolderName: 'Mei Lin',
      expirationMonth: `{{card.expMonth:${token}}}`,
      expirationYear: `{{card.expYear:${token}}}`,
      CVV: `{{cvv:${cvvToken}}}`,
    });

    const paid = await client.confirm({ ...fresh, transactionId: first.transactionId, threeDVersion: '2.2.0' });
    expect(paid).toMatchObject({
      status: 'approved',
      card: { userPaymentOptionId: '88001', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034, vaultToken: token },
    });
    const payCall = cardCalls().at(-1)!;
    expect(payCall.body).toMatchObject({
      clientUniqueId: 'pay-1',
      relatedTransactionId: first.transactionId,
      paymentOption: { card: { cardNumber: SANDBOX_CARDS.frictionless, CVV: '737', threeD: { version: '2.2.0' } } },
    });
    expect(payCall.body.checksum).toBe(sdkChecksum('payment', payCall.body, creds));
    // No preference given: none is sent.
    expect(payCall.body).toMatchObject({ paymentOption: { card: { threeD: { v2AdditionalParams: { challengeWindowSize: '05' } } } } });
    expect(JSON.stringify(payCall.body)).not.toContain('challengePreference');
  });

  it.each([
    // Nuvei's own codes (its API reference, ADR 037), not EMV's threeDSRequestorChallengeInd.
    ['Challenge', '01'],
    ['Frictionless', '02'],
    ['NoPreference', '03'],
  ] as const)('sends the 3-D Secure challenge preference %s with the payment as Nuvei code %s', async (preference, code) => {
    const token = await cardToken();
    const asked = { ...request(token, `pay-pref-${preference}`), threeDsChallengePreference: preference };
    const first = await client.start(asked);
    expect(first.status).toBe('action');
    const paid = await client.confirm({ ...asked, transactionId: first.transactionId, threeDVersion: '2.2.0' });
    expect(paid.status).toBe('approved');
    const payCall = cardCalls().at(-1)!;
    expect(payCall.method).toBe('payment');
    expect(payCall.body).toMatchObject({
      clientUniqueId: `pay-pref-${preference}`,
      paymentOption: {
        card: { threeD: { version: '2.2.0', v2AdditionalParams: { challengeWindowSize: '05', challengePreference: code } } },
      },
    });
    expect(payCall.body.checksum).toBe(sdkChecksum('payment', payCall.body, creds));
  });

  it("sends a new card's own CVV (typed with it) with the payment, not with initPayment; the vault gives it once", async () => {
    const token = await cardToken(SANDBOX_CARDS.frictionless, '482');
    const fresh = request(token, 'pay-own-cvv');
    const first = await client.start(fresh);
    expect(first).toMatchObject({ status: 'action' });
    // initPayment only runs the fingerprint: no CVV in what the client built, none in what Nuvei got.
    expect(JSON.parse(relayed.at(-1)!.body).paymentOption.card).not.toHaveProperty('CVV');
    expect(cardCalls().at(-1)!.body.paymentOption).toEqual({ card: expect.not.objectContaining({ CVV: expect.anything() }) as unknown });

    const paid = await client.confirm({ ...fresh, transactionId: first.transactionId, threeDVersion: '2.2.0' });
    expect(paid).toMatchObject({ status: 'approved' });
    // The client wrote the card's CVV placeholder; the vault filled it in as Nuvei's paymentOption.card.CVV.
    expect(JSON.parse(relayed.at(-1)!.body).paymentOption.card.CVV).toBe(`{{card.cvv:${token}}}`);
    const payCall = cardCalls().at(-1)!;
    expect(payCall.method).toBe('payment');
    expect(payCall.body.paymentOption).toMatchObject({ card: { cardNumber: SANDBOX_CARDS.frictionless, CVV: '482' } });
    expect(payCall.body.checksum).toBe(sdkChecksum('payment', payCall.body, creds));

    // The same token again: the vault gave its CVV away, so the payment goes without one and Nuvei refuses it.
    const before = cardCalls().length;
    await expect(
      client.confirm({ ...request(token, 'pay-own-cvv-2'), transactionId: first.transactionId, threeDVersion: '2.2.0' }),
    ).rejects.toThrow(/1062 Invalid CVV/);
    const second = cardCalls().at(-1)!;
    expect(cardCalls()).toHaveLength(before + 1);
    expect(second.body.paymentOption).toEqual({
      card: expect.not.objectContaining({ CVV: expect.anything() }) as unknown,
    });
    expect(second.body.paymentOption).toMatchObject({ card: { cardNumber: SANDBOX_CARDS.frictionless, expirationYear: '2034' } });
  });

  it('a client that sends a payment without the CVV is refused by Nuvei (errCode 1062), a fresh card or a verification', async () => {
    const token = await cardToken(SANDBOX_CARDS.frictionless, null);
    const fresh = request(token, 'pay-no-cvv');
    const first = await client.start(fresh);
    expect(first).toMatchObject({ status: 'action' });
    await expect(client.confirm({ ...fresh, transactionId: first.transactionId, threeDVersion: '2.2.0' })).rejects.toThrow(
      /1062 Invalid CVV/,
    );
    expect(cardCalls().at(-1)!.body.paymentOption).toEqual({ card: expect.not.objectContaining({ CVV: expect.anything() }) as unknown });
    const other = await cardToken(SANDBOX_CARDS.frictionless, null);
    await expect(
      client.verifyCard({ userId: 'user-1', payerName: 'Mei Lin', payer, source: { method: 'card', cardToken: other } }),
    ).rejects.toThrow(/1062 Invalid CVV/);
  });

  it('pays with a saved card as its vault card and a fresh CVV; Nuvei answers with the same userPaymentOptionId', async () => {
    const token = await cardToken('5555555555554444');
    const first = await client.confirm({ ...request(token, 'pay-saved-1'), transactionId: '1', threeDVersion: '2.2.0' });
    expect(first).toMatchObject({ status: 'approved', card: { brand: 'mastercard', last4: '4444' } });
    const upo = first.status === 'approved' ? first.card!.userPaymentOptionId : '';

    const cvvToken = vault.storeCvv('321');
    const saved = {
      ...request(token, 'pay-saved-2'),
      source: { method: 'saved_card' as const, userPaymentOptionId: upo, vaultToken: token, cvvToken },
    };
    const started = await client.start(saved);
    expect(started.status).toBe('action');
    const paid = await client.confirm({ ...saved, transactionId: started.transactionId, threeDVersion: '2.2.0' });
    expect(paid).toMatchObject({ status: 'approved', card: { userPaymentOptionId: upo, last4: '4444', vaultToken: token } });
    for (const call of cardCalls().slice(-2)) {
      expect(call.body.paymentOption).toEqual({
        card: expect.objectContaining({
          cardNumber: '5555555555554444',
          expirationMonth: '12',
          expirationYear: '2034',
          CVV: '321',
        }) as unknown,
      });
      expect(call.body.checksum).toBe(sdkChecksum(call.method as 'payment', call.body, creds));
    }
  });

  it('maps REDIRECT to a challenge and declines to their codes', async () => {
    const pay = async (number: string) =>
      client.confirm({ ...request(await cardToken(number)), transactionId: '1', threeDVersion: '2.2.0' });
    expect(await pay(SANDBOX_CARDS.challenge)).toMatchObject({
      status: 'action',
      action: { kind: 'challenge', url: 'https://acs.example/challenge' },
    });
    expect(await pay(SANDBOX_CARDS.insufficientFunds)).toMatchObject({ status: 'declined', code: 'INSUFFICIENT_FUNDS' });
    expect(await pay(SANDBOX_CARDS.declined)).toMatchObject({ status: 'declined', code: 'CARD_DECLINED' });
  });

  it('declines a card token or a CVV token the vault does not hold, and no card call reaches Nuvei', async () => {
    const before = cardCalls().length;
    expect(await client.start(request('card_not-a-token-of-ours'))).toEqual({
      status: 'declined',
      transactionId: '',
      code: 'CARD_DECLINED',
      reason: 'Unknown card token',
    });
    const token = await cardToken();
    // A saved card's token was used when the card was saved: it is kept past the unused tokens' lifetime (ADR 032).
    await vault.detokenize(token);
    const cvvToken = vault.storeCvv('123');
    const saved = {
      ...request(token),
      source: { method: 'saved_card' as const, userPaymentOptionId: '88001', vaultToken: token, cvvToken },
    };
    clock += CVV_TTL_MS + 1;
    try {
      expect(await client.confirm({ ...saved, transactionId: '1', threeDVersion: '2.2.0' })).toMatchObject({
        status: 'declined',
        code: 'CARD_DECLINED',
        reason: 'CVV check failed',
      });
    } finally {
      clock = Date.now();
    }
    expect(
      await client.verifyCard({ userId: 'user-1', payerName: 'Mei Lin', payer, source: { method: 'card', cardToken: 'nope' } }),
    ).toMatchObject({
      status: 'declined',
      reason: 'Unknown card token',
    });
    expect(cardCalls()).toHaveLength(before);
  });

  it('verifies a card for zero (payment, transactionType Auth, 0.00) without a challenge; declines map to their codes', async () => {
    const verify = async (number: string) => {
      const token = await cardToken(number);
      return {
        token,
        outcome: await client.verifyCard({ userId: 'user-1', payerName: 'Mei Lin', payer, source: { method: 'card', cardToken: token } }),
      };
    };
    const approved = await verify(SANDBOX_CARDS.frictionless);
    expect(approved.outcome).toMatchObject({
      status: 'approved',
      card: { userPaymentOptionId: '88001', last4: '1111', vaultToken: approved.token },
    });
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({
      method: 'payment',
      body: {
        amount: '0.00',
        currency: 'USD',
        transactionType: 'Auth',
        userTokenId: 'user-1',
        paymentOption: {
          card: { cardNumber: SANDBOX_CARDS.frictionless, cardHolderName: 'Mei Lin', expirationMonth: '12', expirationYear: '2034' },
        },
      },
    });
    expect((await verify(SANDBOX_CARDS.challenge)).outcome).toMatchObject({ status: 'approved' });
    expect((await verify(SANDBOX_CARDS.insufficientFunds)).outcome).toMatchObject({ status: 'declined', code: 'INSUFFICIENT_FUNDS' });
    expect((await verify(SANDBOX_CARDS.declined)).outcome).toMatchObject({ status: 'declined', code: 'CARD_DECLINED' });
  });

  it("sends the payer's whole billing address (billingAddress, userDetails with the birth date) when it has one", async () => {
    const token = await cardToken();
    const withAddress = {
      ...request(token, 'pay-address'),
      payer: { ...payer, address: '1 Harbour Road', city: 'Springfield', state: 'OR', zip: '97477', dateOfBirth: '1990-04-01' },
    };
    const first = await client.start(withAddress);
    await client.confirm({ ...withAddress, transactionId: first.transactionId, threeDVersion: '2.2.0' });
    const address = {
      firstName: 'Mei',
      lastName: 'Lin',
      email: 'mei@example.com',
      country: 'US',
      address: '1 Harbour Road',
      city: 'Springfield',
      state: 'OR',
      zip: '97477',
    };
    for (const call of cardCalls().filter((c) => c.body.clientUniqueId === 'pay-address')) {
      expect(call.body.billingAddress).toEqual(address);
      expect(call.body.userDetails).toEqual({ ...address, dateOfBirth: '1990-04-01' });
    }
    expect(cardCalls().filter((c) => c.body.clientUniqueId === 'pay-address')).toHaveLength(2);
  });

  it("voids an authorisation (voidTransaction, signed as Nuvei's SDK signs it): once, and never after it is settled", async () => {
    const authorise = async (paymentId: string) => {
      const auth = { ...request(await cardToken(), paymentId), authOnly: true };
      const first = await client.start(auth);
      const authorised = await client.confirm({ ...auth, transactionId: first.transactionId, threeDVersion: '2.2.0' });
      expect(authorised).toMatchObject({ status: 'approved' });
      return { paymentId, orderId: 'order-1', transactionId: authorised.transactionId, amountCents: 1999, currency: 'USD' as const };
    };
    const held = await authorise('pay-void');
    expect(await client.voidAuthorization!(held)).toMatchObject({ status: 'voided', transactionId: expect.any(String) });
    const voidCall = fake.calls.at(-1)!;
    expect(voidCall).toMatchObject({
      method: 'voidTransaction',
      body: { clientUniqueId: 'pay-void', relatedTransactionId: held.transactionId, amount: '19.99', currency: 'USD' },
    });
    expect(voidCall.body.checksum).toBe(sdkChecksum('voidTransaction', voidCall.body, creds));
    // Voided: neither a second void nor a settle is taken.
    expect(await client.voidAuthorization!(held)).toMatchObject({ status: 'declined' });
    expect(await client.capture!(held)).toMatchObject({ status: 'declined' });
    // Settled: no void.
    const settled = await authorise('pay-void-settled');
    expect(await client.capture!(settled)).toMatchObject({ status: 'captured' });
    expect(await client.voidAuthorization!(settled)).toMatchObject({ status: 'declined' });
    expect(fake.transactions.filter((t) => t.transactionType === 'Void' && t.clientUniqueId.startsWith('pay-void'))).toHaveLength(1);
  });

  it("a capture whose answer was lost is captured when retried: the retry's settle is refused, the lookup finds the settle", async () => {
    const auth = { ...request(await cardToken(), 'pay-lost-settle'), authOnly: true };
    const first = await client.start(auth);
    const authorised = await client.confirm({ ...auth, transactionId: first.transactionId, threeDVersion: '2.2.0' });
    expect(authorised).toMatchObject({ status: 'approved' });
    const capture = {
      paymentId: 'pay-lost-settle',
      orderId: 'order-1',
      transactionId: authorised.transactionId,
      amountCents: 1999,
      currency: 'USD' as const,
    };
    fake.answerLost.add('settleTransaction');
    try {
      await expect(client.capture!(capture)).rejects.toThrow();
    } finally {
      fake.answerLost.delete('settleTransaction');
    }
    const settles = () => fake.transactions.filter((t) => t.transactionType === 'Settle' && t.clientUniqueId === 'pay-lost-settle');
    expect(settles()).toHaveLength(1);
    expect(await client.capture!(capture)).toEqual({ status: 'captured', transactionId: settles()[0]!.transactionId });
    expect(settles()).toHaveLength(1);
    // Voided instead (a later transaction of the payment than any settle): no capture.
    const voidAuth = { ...request(await cardToken(), 'pay-voided-then-settle'), authOnly: true };
    const v1 = await client.start(voidAuth);
    const held = await client.confirm({ ...voidAuth, transactionId: v1.transactionId, threeDVersion: '2.2.0' });
    const heldCapture = { ...capture, paymentId: 'pay-voided-then-settle', transactionId: held.transactionId };
    expect(await client.voidAuthorization!(heldCapture)).toMatchObject({ status: 'voided' });
    expect(await client.capture!(heldCapture)).toMatchObject({ status: 'declined' });
  });

  it('authorises without capture (transactionType Auth), then settles the authorisation once (settleTransaction)', async () => {
    const token = await cardToken();
    const auth = { ...request(token, 'pay-auth'), authOnly: true };
    const first = await client.start(auth);
    const authorised = await client.confirm({ ...auth, transactionId: first.transactionId, threeDVersion: '2.2.0' });
    expect(authorised).toMatchObject({ status: 'approved' });
    const payCall = cardCalls().at(-1)!;
    expect(payCall.body).toMatchObject({ clientUniqueId: 'pay-auth', transactionType: 'Auth' });
    expect(fake.transactions.at(-1)).toMatchObject({ transactionType: 'Auth', transactionStatus: 'APPROVED' });

    const capture = {
      paymentId: 'pay-auth',
      orderId: 'order-1',
      transactionId: authorised.transactionId,
      amountCents: 1999,
      currency: 'USD' as const,
    };
    const captured = await client.capture!(capture);
    expect(captured).toMatchObject({ status: 'captured', transactionId: expect.any(String) });
    const settle = fake.calls.at(-1)!;
    expect(settle).toMatchObject({
      method: 'settleTransaction',
      body: { clientUniqueId: 'pay-auth', relatedTransactionId: authorised.transactionId, amount: '19.99', currency: 'USD' },
    });
    expect(settle.body.checksum).toBe(sdkChecksum('settleTransaction', settle.body, creds));
    // Settled already: Nuvei refuses the second settle, and the payment's latest transaction is the settle, so the
    // capture is answered as done, with that settle. Never an authorisation: declined. Nothing more is taken.
    expect(await client.capture!(capture)).toEqual({
      status: 'captured',
      transactionId: captured.status === 'captured' && captured.transactionId,
    });
    expect(fake.calls.at(-2)).toMatchObject({ method: 'settleTransaction' });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'getTransactionDetails', body: { clientUniqueId: 'pay-auth' } });
    expect(checksumMatches('getTransactionDetails', fake.calls.at(-1)!.body, creds.secretKey)).toBe(true);
    expect(await client.capture!({ ...capture, transactionId: '999999', paymentId: 'pay-unknown' })).toMatchObject({ status: 'declined' });
    // Another amount than the settle took is not this capture.
    expect(await client.capture!({ ...capture, amountCents: 1000 })).toMatchObject({ status: 'declined' });
    expect(fake.transactions.filter((t) => t.transactionType === 'Settle' && t.clientUniqueId === 'pay-auth')).toHaveLength(1);
    // A sale says no transaction type (the account's default).
    const saleRequest = request(await cardToken(), 'pay-sale');
    const sale = await client.start(saleRequest);
    expect(await client.confirm({ ...saleRequest, transactionId: sale.transactionId, threeDVersion: '2.2.0' })).toMatchObject({
      status: 'approved',
    });
    expect(cardCalls().at(-1)!.body).toMatchObject({ clientUniqueId: 'pay-sale' });
    expect(cardCalls().at(-1)!.body).not.toHaveProperty('transactionType');
  });

  it('refunds with the refund checksum', async () => {
    expect(
      await client.refund({ paymentId: 'pay-refund', orderId: 'order-1', transactionId: '71000', amountCents: 1999, currency: 'USD' }),
    ).toMatchObject({ status: 'refunded' });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'refundTransaction',
      body: { clientUniqueId: 'pay-refund', relatedTransactionId: '71000', amount: '19.99' },
    });
  });

  it('fails loudly on a wrong secret (the server refuses the checksum)', async () => {
    const wrong = createNuveiClient({
      ...creds,
      secretKey: 'not-the-secret',
      baseUrl: fake.baseUrl,
      notificationUrl: 'x',
      relay: (r) => vault.relay(r),
    });
    await expect(wrong.start(request(await cardToken()))).rejects.toThrow(/Invalid checksum/);
  });

  it('accepts a DMN only with the right advanceResponseChecksum, and says what it is about', () => {
    const dmn = {
      totalAmount: '19.99',
      currency: 'USD',
      responseTimeStamp: '2026-11-22.02:30:00',
      PPP_TransactionID: '555',
      Status: 'APPROVED',
      productId: 'order-1',
      TransactionID: '71234',
      clientUniqueId: 'pay-1',
      transactionType: 'Sale',
      userPaymentOptionId: '88001',
      cardCompany: 'Visa',
      cardNumber: '4****1111',
      expMonth: '12',
      expYear: '34',
    };
    const signed = { ...dmn, advanceResponseChecksum: dmnChecksum(dmn, creds.secretKey) };
    expect(client.verifyNotification({ body: signed, query: {}, headers: {} })).toEqual({
      status: 'approved',
      transactionId: '71234',
      paymentId: 'pay-1',
      event: 'Sale',
      charge: true,
      amountCents: 1999,
      currency: 'USD',
      card: { userPaymentOptionId: '88001', vaultToken: '', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034 },
    });
    expect(client.verifyNotification({ body: { ...signed, totalAmount: '0.01' }, query: {}, headers: {} })).toBeNull();
    const fingerprint = { ...dmn, transactionType: 'InitAuth3D', totalAmount: '0.00' };
    expect(
      client.verifyNotification({
        body: { ...fingerprint, advanceResponseChecksum: dmnChecksum(fingerprint, creds.secretKey) },
        query: {},
        headers: {},
      }),
    ).toMatchObject({
      status: 'approved',
      event: 'InitAuth3D',
      charge: false,
      amountCents: 0,
    });
    const declined = { ...dmn, Status: 'DECLINED', Reason: 'Insufficient Funds' };
    expect(
      client.verifyNotification({
        body: {},
        query: { ...declined, advanceResponseChecksum: dmnChecksum(declined, creds.secretKey) },
        headers: {},
      }),
    ).toMatchObject({
      status: 'declined',
      code: 'INSUFFICIENT_FUNDS',
      paymentId: 'pay-1',
    });
  });
});

describe('3-D Secure 2 as Nuvei documents it, and the fields Nuvei requires (ADR 037)', () => {
  const browser = {
    acceptHeader: 'text/html',
    ip: '203.0.113.7',
    javaEnabled: 'FALSE' as const,
    javaScriptEnabled: 'TRUE' as const,
    language: 'en-US',
    colorDepth: '24',
    screenHeight: '900',
    screenWidth: '1366',
    timeZone: '0',
    userAgent: 'Mozilla/5.0',
  };

  it("initPayment carries billingAddress and deviceDetails.ipAddress; its version is the card's only", async () => {
    const token = await cardToken();
    const started = await client.start({ ...request(token, 'pay-3ds-init'), payer });
    expect(started).toMatchObject({ status: 'action', action: { kind: 'fingerprint', threeDVersion: '2.2.0' } });
    const call = cardCalls().at(-1)!;
    expect(call.method).toBe('initPayment');
    expect(call.body).toMatchObject({
      billingAddress: { firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com', country: 'US' },
      deviceDetails: { ipAddress: '203.0.113.7' },
    });
  });

  it("payment: notificationURL is the store's challenge-return page (not the DMN address), with merchantURL and browserDetails; a challenge keeps cReq", async () => {
    const token = await cardToken(SANDBOX_CARDS.challenge);
    const req = { ...request(token, 'pay-3ds-challenge'), payer };
    const started = await client.start(req);
    const paid = await client.confirm({
      ...req,
      browser,
      methodCompletionInd: 'Y',
      transactionId: started.transactionId,
      threeDVersion: '2.2.0',
    });
    expect(paid).toEqual({
      status: 'action',
      transactionId: expect.any(String),
      action: { kind: 'challenge', url: 'https://acs.example/challenge', creq: 'abc' },
    });
    const call = cardCalls().at(-1)!;
    expect(call.body).toMatchObject({
      relatedTransactionId: started.transactionId,
      billingAddress: { country: 'US', email: 'mei@example.com', firstName: 'Mei', lastName: 'Lin' },
      deviceDetails: { ipAddress: '203.0.113.7' },
      paymentOption: {
        card: {
          threeD: {
            version: '2.2.0',
            methodCompletionInd: 'Y',
            notificationURL: 'http://store.test/api/v1/nuvei/3ds/return/pay-3ds-challenge',
            merchantURL: 'http://store.test',
            platformType: '02',
            browserDetails: browser,
          },
        },
      },
    });

    // The issuer's answer reached the return page: the final payment, related to the challenged transaction.
    fake.completeChallenge(paid.transactionId, true);
    const final = await client.completeChallenge!({ ...req, transactionId: paid.transactionId, threeDVersion: '2.2.0' });
    expect(final).toMatchObject({ status: 'approved', card: { last4: '3220' } });
    const finalCall = cardCalls().at(-1)!;
    expect(finalCall.method).toBe('payment');
    expect(finalCall.body).toMatchObject({ relatedTransactionId: paid.transactionId, billingAddress: { country: 'US' } });
    expect(finalCall.body.checksum).toBe(sdkChecksum('payment', finalCall.body, creds));
    // No CVV on the final payment: the first payment took it (ADR 038).
    expect((finalCall.body.paymentOption as { card: Record<string, unknown> }).card).not.toHaveProperty('CVV');
  });

  it("a request's own challengeReturnUrl (the hosted checkout's return page) is the notificationURL", async () => {
    const token = await cardToken(SANDBOX_CARDS.challenge);
    const req = { ...request(token, 'pay-3ds-host'), payer, challengeReturnUrl: 'http://checkout.test/api/checkout/3ds/return/ca_1' };
    const started = await client.start(req);
    await client.confirm({ ...req, browser, transactionId: started.transactionId, threeDVersion: '2.2.0' });
    const threeD = (cardCalls().at(-1)!.body.paymentOption as { card: { threeD: Record<string, unknown> } }).card.threeD;
    expect(threeD.notificationURL).toBe('http://checkout.test/api/checkout/3ds/return/ca_1');
  });

  it('sends no 3-D Secure version the card did not give (no 2.1.0 made up)', async () => {
    const token = await cardToken();
    const req = { ...request(token, 'pay-3ds-noversion'), payer };
    const started = await client.start(req);
    await client.confirm({ ...req, browser, transactionId: started.transactionId, threeDVersion: '' });
    const threeD = (cardCalls().at(-1)!.body.paymentOption as { card: { threeD: Record<string, unknown> } }).card.threeD;
    expect(threeD).not.toHaveProperty('version');
    expect(threeD.methodCompletionInd).toBe('U');
  });
});

describe('getTransactionDetails: what Nuvei recorded for a payment id (recovery)', () => {
  const lookup = (paymentId: string) => client.lookup({ paymentId, orderId: 'order-1', transactionId: null });

  it('asks by clientUniqueId with the checksum of its fields; 9146 (no details yet) is no answer: unknown, not a failure', async () => {
    expect(await lookup('pay-never-sent')).toEqual({ status: 'unknown' });
    const call = fake.calls.at(-1)!;
    expect(call.method).toBe('getTransactionDetails');
    expect(call.body).toMatchObject({
      merchantId: creds.merchantId,
      merchantSiteId: creds.merchantSiteId,
      clientUniqueId: 'pay-never-sent',
    });
    expect(checksumMatches('getTransactionDetails', call.body, creds.secretKey)).toBe(true);
    const wrong = createNuveiClient({
      ...creds,
      secretKey: 'not-the-secret',
      baseUrl: fake.baseUrl,
      notificationUrl: 'x',
      relay: (r) => vault.relay(r),
    });
    await expect(wrong.lookup({ paymentId: 'pay-never-sent', orderId: 'order-1', transactionId: null })).rejects.toThrow(
      /Invalid checksum/,
    );
  });

  it('the fingerprint alone moved no money; the sale after it is the answer', async () => {
    const token = await cardToken();
    const first = await client.start(request(token, 'pay-lookup-1'));
    expect(await lookup('pay-lookup-1')).toEqual({ status: 'none' });
    const paid = await client.confirm({
      ...request(token, 'pay-lookup-1'),
      transactionId: first.transactionId,
      threeDVersion: '2.2.0',
    });
    expect(await lookup('pay-lookup-1')).toEqual({
      status: 'approved',
      transactionId: paid.transactionId,
      amountCents: 1999,
      currency: 'USD',
      card: { userPaymentOptionId: '88001', vaultToken: '', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034 },
    });
    await client.refund({
      paymentId: 'pay-lookup-1',
      orderId: 'order-1',
      transactionId: paid.transactionId,
      amountCents: 1999,
      currency: 'USD',
    });
    expect(await lookup('pay-lookup-1')).toMatchObject({ status: 'refunded' });
  });

  it('an open challenge stays pending until the shopper answers it', async () => {
    const token = await cardToken(SANDBOX_CARDS.challenge);
    const first = await client.start(request(token, 'pay-lookup-2'));
    const pay = await client.confirm({
      ...request(token, 'pay-lookup-2'),
      transactionId: first.transactionId,
      threeDVersion: '2.2.0',
    });
    expect(await lookup('pay-lookup-2')).toEqual({ status: 'pending', transactionId: pay.transactionId });
    fake.completeChallenge(pay.transactionId, true);
    expect(await lookup('pay-lookup-2')).toMatchObject({ status: 'approved', transactionId: pay.transactionId, amountCents: 1999 });

    // A second payment is a card typed again: the first one's CVV went with its payment (ADR 038).
    const retyped = await cardToken(SANDBOX_CARDS.challenge);
    const again = await client.start(request(retyped, 'pay-lookup-3'));
    const failing = await client.confirm({
      ...request(retyped, 'pay-lookup-3'),
      transactionId: again.transactionId,
      threeDVersion: '2.2.0',
    });
    fake.completeChallenge(failing.transactionId, false);
    expect(await lookup('pay-lookup-3')).toMatchObject({ status: 'declined', transactionId: failing.transactionId, code: 'CARD_DECLINED' });
  });

  it('a declined sale is declined with its code', async () => {
    const token = await cardToken(SANDBOX_CARDS.insufficientFunds);
    const first = await client.start(request(token, 'pay-lookup-4'));
    await client.confirm({
      ...request(token, 'pay-lookup-4'),
      transactionId: first.transactionId,
      threeDVersion: '2.2.0',
    });
    expect(await lookup('pay-lookup-4')).toMatchObject({ status: 'declined', code: 'CARD_DECLINED' });
  });
});
