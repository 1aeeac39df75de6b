import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getUserResponse, US_STATES } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { kycRecords, users } from '../../db/schema.ts';
import { appendLedgerEntries } from '../wallet/index.ts';
import { createVerifiedUser, loginAs } from '../../../test/support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000 });
});
afterAll(() => t.close());

const getUser = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: token ? { 'x-auth-token': token } : {} });

describe('GET /api/v1/getuser', () => {
  it('answers the demo shopper with profile, wallet sums, verification record and states', async () => {
    const demo = DEMO_ACCOUNTS.find((a) => a.role === 'USER')!;
    const { token, user } = await loginAs(t.app, demo.email, demo.password);
    const res = await getUser(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(getUserResponse.safeParse(body).success).toBe(true);
    expect(body.data).toEqual({
      _id: user._id,
      role: 'USER',
      email: demo.email,
      firstname: demo.firstname,
      lastname: demo.lastname,
      image: null,
      coins: { purchasedWallet: 2500, winWallet: 740, stackingWallet: 1200 },
      address: { street: '12 Harbour Lane', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' },
      userip: '127.0.0.1',
      adultConfirmed: true,
    });
    expect(body.jumio).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });
  });

  it('sums every ledger entry per wallet, debits included', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const { token, user } = await loginAs(t.app, email, password);
    await t.database.db.transaction((tx) =>
      appendLedgerEntries(tx, [
        { userId: user._id, wallet: 'purchasedWallet', amount: 1000, reason: 'test-purchase', reference: `test:${user._id}:1` },
        { userId: user._id, wallet: 'winWallet', amount: 55, reason: 'test-win', reference: `test:${user._id}:1` },
      ]),
    );
    await t.database.db.transaction((tx) =>
      appendLedgerEntries(tx, [
        { userId: user._id, wallet: 'purchasedWallet', amount: -250, reason: 'test-spend', reference: `test:${user._id}:2` },
        { userId: user._id, wallet: 'stackingWallet', amount: 7, reason: 'test-stake', reference: `test:${user._id}:2` },
      ]),
    );
    const body = (await getUser(token)).json();
    expect(body.data.coins).toEqual({ purchasedWallet: 750, winWallet: 55, stackingWallet: 7 });
  });

  it('a new shopper has zero balances, no address, no verification record', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const { token } = await loginAs(t.app, email, password);
    const body = (await getUser(token)).json();
    expect(body.data).toMatchObject({ email, firstname: 'Mei', lastname: 'Lin', image: null, address: null });
    expect(body.data.coins).toEqual({ purchasedWallet: 0, winWallet: 0, stackingWallet: 0 });
    expect(body.jumio).toBeNull();
  });

  it('shows the verification record once there is one', async () => {
    const { email, password } = await createVerifiedUser(t.app);
    const { token, user } = await loginAs(t.app, email, password);
    await t.database.db.insert(kycRecords).values({ userId: user._id, attempts: 2, decision: 'PASSED', status: 'DONE' });
    await t.database.db.update(users).set({ image: '/avatars/mei.png' }).where(eq(users.id, user._id));
    const body = (await getUser(token)).json();
    expect(body.jumio).toEqual({ attempts: 2, decision: 'PASSED', status: 'DONE' });
    expect(body.data.image).toBe('/avatars/mei.png');
  });

  it('lists the 50 states and DC, each with a census region', async () => {
    const { token } = await loginAs(t.app, DEMO_ACCOUNTS[0]!.email, DEMO_ACCOUNTS[0]!.password);
    const { states } = (await getUser(token)).json();
    expect(states).toHaveLength(51);
    expect(states).toEqual(US_STATES);
    expect(new Set(states.map((s: { region: string }) => s.region))).toEqual(new Set(['Northeast', 'Midwest', 'South', 'West']));
    expect(states).toContainEqual({ code: 'NY', name: 'New York', region: 'Northeast' });
    expect(states).toContainEqual({ code: 'IL', name: 'Illinois', region: 'Midwest' });
    expect(states).toContainEqual({ code: 'TX', name: 'Texas', region: 'South' });
    expect(states).toContainEqual({ code: 'CA', name: 'California', region: 'West' });
    expect(new Set(states.map((s: { code: string }) => s.code)).size).toBe(51);
  });

  it('401 without a token or with a bad one', async () => {
    expect((await getUser()).statusCode).toBe(401);
    const bad = await getUser('definitely-not-a-session');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});
