// The real Nuvei payout (a cash-out's credit to a saved bank account, issue 10) against the local HTTP
// server speaking Nuvei's REST API v1 (test/support/fake-nuvei.ts), which checks every checksum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_DECLINED_PAYOUT_UPO, startFakeNuvei, type FakeNuvei } from '../../../../../test/support/fake-nuvei.ts';
import { createNuveiAchClient } from './client.ts';

const creds = { merchantId: '4242424242', merchantSiteId: '112233', secretKey: 'fake-nuvei-payout-secret' };
let fake: FakeNuvei;
const client = () => createNuveiAchClient({ ...creds, baseUrl: fake.baseUrl, notificationUrl: 'http://store.example/api/v1/nuvei/notify' });
const payer = { ipAddress: '203.0.113.7', firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com', country: 'US' };
const request = (key: string, userPaymentOptionId = '777001') => ({
  idempotencyKey: key,
  userId: 'user-1',
  userPaymentOptionId,
  amountCents: 2_050,
  currency: 'USD' as const,
  payer,
});
const payoutCalls = (key: string) => fake.calls.filter((c) => c.method === 'payout' && c.body.clientUniqueId === key);

beforeAll(async () => {
  fake = await startFakeNuvei(creds);
});
afterAll(() => fake.close());

describe('Nuvei payout', () => {
  it('pays the saved account the amount in dollars, signed; asked again with the key, pays nothing more', async () => {
    const paid = await client().payout(request('cashout-a'));
    expect(paid).toMatchObject({ status: 'paid' });
    const [call] = payoutCalls('cashout-a');
    expect(call!.body).toMatchObject({
      amount: '20.50',
      currency: 'USD',
      userTokenId: 'user-1',
      userPaymentOption: { userPaymentOptionId: '777001' },
      billingAddress: { firstName: 'Mei', lastName: 'Lin', email: 'mei@example.com', country: 'US' },
      deviceDetails: { ipAddress: '203.0.113.7' },
    });
    // A retry after a crash or a timeout: the earlier payout is found under the key, not made again.
    const again = await client().payout(request('cashout-a'));
    expect(again).toEqual(paid);
    expect(payoutCalls('cashout-a')).toHaveLength(1);
  });

  it('reports a refused payout with the bank’s reason', async () => {
    const refused = await client().payout(request('cashout-b', FAKE_DECLINED_PAYOUT_UPO));
    expect(refused).toMatchObject({ status: 'declined', reason: 'R03 No account' });
  });

  it('a payout without the billing country or the IP is refused as Nuvei refuses it: undecided, nothing paid', async () => {
    const noCountry = { ...payer, country: '' };
    await expect(client().payout({ ...request('cashout-e'), payer: noCountry })).rejects.toThrow(/1014 Invalid country code/);
    await expect(client().payout({ ...request('cashout-f'), payer: { ...payer, ipAddress: null } })).rejects.toThrow(
      /1019 Validation Error: deviceDetails.ipAddress/,
    );
    expect(fake.transactions.filter((t) => t.clientUniqueId === 'cashout-e' || t.clientUniqueId === 'cashout-f')).toEqual([]);
  });

  it('throws (undecided, asked again later) when the checksum is refused or the provider is down', async () => {
    const wrong = createNuveiAchClient({ ...creds, secretKey: 'not-the-secret', baseUrl: fake.baseUrl, notificationUrl: 'http://x' });
    await expect(wrong.payout(request('cashout-c'))).rejects.toThrow(/getTransactionDetails failed/);
    fake.failing.add('payout');
    try {
      await expect(client().payout(request('cashout-d'))).rejects.toThrow(/HTTP 503/);
    } finally {
      fake.failing.delete('payout');
    }
    expect(fake.transactions.filter((t) => t.clientUniqueId === 'cashout-d')).toEqual([]);
  });
});
