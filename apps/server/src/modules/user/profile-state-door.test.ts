// The demo door that sets a shopper's profile state (issue 9): a tester, or a browser test, sees the pay
// page of a shopper from a state purchases are not allowed from. Demo mode and this machine only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { DEMO_LOCAL_ONLY_MESSAGE } from '../../plugins/demo-doors.ts';
import { createVerifiedUser, loginAs } from '../../../test/support/auth.ts';

const setState = (t: TestApp, token: string | null, payload: unknown, from: { remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/dev/profile-state',
    payload: payload as object,
    headers: token ? { 'x-auth-token': token } : {},
    ...from,
  });
const get = (t: TestApp, token: string, url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });

async function newShopper(t: TestApp) {
  const { email, password } = await createVerifiedUser(t.app);
  return (await loginAs(t.app, email, password)).token;
}

describe('PUT /api/dev/profile-state in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000 });
  });
  afterAll(() => t.close());

  it("sets the shopper's state: getuser shows it and the shopper may no longer pay from WA", async () => {
    const token = await newShopper(t);
    expect((await get(t, token, '/api/v1/getuser')).json().data.address).toBeNull();
    const res = await setState(t, token, { state: ' wa ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your profile state is now WA.' });
    expect((await get(t, token, '/api/v1/getuser')).json().data.address).toEqual({
      street: '',
      city: '',
      state: 'WA',
      zipCode: '',
      country: 'US',
    });
    const allowed = (await get(t, token, '/api/v1/payment/allowed-providers')).json().data.data.allowedPayment;
    expect(Object.values(allowed).every((may) => may === false)).toBe(true);

    expect((await setState(t, token, { state: 'TX' })).statusCode).toBe(200);
    expect((await get(t, token, '/api/v1/getuser')).json().data.address.state).toBe('TX');
    expect((await get(t, token, '/api/v1/payment/allowed-providers')).json().data.data.allowedPayment.card).toBe(true);
  });

  it('keeps the rest of an address there', async () => {
    const token = (await loginAs(t.app, 'demo@luckydragon.example', 'demo-password-1')).token;
    expect((await setState(t, token, { state: 'ID' })).statusCode).toBe(200);
    expect((await get(t, token, '/api/v1/getuser')).json().data.address).toEqual({
      street: '12 Harbour Lane',
      city: 'Austin',
      state: 'ID',
      zipCode: '73301',
      country: 'US',
    });
    await setState(t, token, { state: 'TX' });
  });

  it('refuses what is not a US state with 400 naming the field, changing nothing', async () => {
    const token = await newShopper(t);
    for (const payload of [{ state: 'XX' }, { state: '' }, { state: 7 }, {}, { state: 'WA', extra: 1 }]) {
      const res = await setState(t, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect((await setState(t, token, { state: 'XX' })).json()).toMatchObject({ field: 'state' });
    expect((await get(t, token, '/api/v1/getuser')).json().data.address).toBeNull();
  });

  it('answers a guest 401 and another machine 403', async () => {
    expect((await setState(t, null, { state: 'WA' })).statusCode).toBe(401);
    const token = await newShopper(t);
    const remote = await setState(t, token, { state: 'WA' }, { remoteAddress: '203.0.113.50' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 'DEMO_LOCAL_ONLY', message: DEMO_LOCAL_ONLY_MESSAGE });
    expect((await get(t, token, '/api/v1/getuser')).json().data.address).toBeNull();
  });
});

describe('PUT /api/dev/profile-state without demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ DEMO_DATA: false });
  });
  afterAll(() => t.close());

  it('is not there', async () => {
    const res = await setState(t, null, { state: 'WA' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
