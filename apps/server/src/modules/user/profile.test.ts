// PUT v1/user/profile (issue 10, ADR 019): a shopper edits their names and address; getuser shows it, and
// the next payment reads the new state. Bad input is a 400 naming the field and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createVerifiedUser, loginAs } from '../../../test/support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000 });
});
afterAll(() => t.close());

const putProfile = (token: string | null, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/user/profile', payload: payload as object, headers: token ? { 'x-auth-token': token } : {} });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-auth-token': token } });
const getUser = async (token: string) => (await get(token, '/api/v1/getuser')).json();

async function newShopper() {
  const { email, password } = await createVerifiedUser(t.app);
  return (await loginAs(t.app, email, password)).token;
}

const validProfile = () => ({
  firstname: 'Ada',
  lastname: 'Lovelace',
  address: { street: '1 Pike Place', city: 'Seattle', state: 'WA', zipCode: '98101', country: 'US' },
});

describe('PUT /api/v1/user/profile', () => {
  it('saves names and address, trimmed and in capitals where codes are, and getuser shows them', async () => {
    const token = await newShopper();
    const res = await putProfile(token, {
      firstname: '  Ada ',
      lastname: 'Lovelace  ',
      address: { street: ' 1 Pike Place ', city: 'Seattle', state: ' wa', zipCode: '98101-1234', country: 'us' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(getUserResponse.safeParse(body).success).toBe(true);
    const expected = {
      firstname: 'Ada',
      lastname: 'Lovelace',
      address: { street: '1 Pike Place', city: 'Seattle', state: 'WA', zipCode: '98101-1234', country: 'US' },
    };
    expect(body.data).toMatchObject(expected);
    const fresh = await getUser(token);
    expect(fresh.data).toMatchObject(expected);
    expect(fresh.states).toHaveLength(51);
  });

  it('the next payment uses the new state: WA is refused, TX allowed again', async () => {
    const token = await newShopper();
    expect((await putProfile(token, validProfile())).statusCode).toBe(200);
    const refused = (await get(token, '/api/v1/payment/allowed-providers')).json().data.data.allowedPayment;
    expect(Object.values(refused).every((may) => may === false)).toBe(true);

    const texas = validProfile();
    texas.address = { street: '12 Harbour Lane', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' };
    expect((await putProfile(token, texas)).statusCode).toBe(200);
    expect((await get(token, '/api/v1/payment/allowed-providers')).json().data.data.allowedPayment.card).toBe(true);
  });

  it('takes an address outside the US with a region name and a postal code', async () => {
    const token = await newShopper();
    const res = await putProfile(token, {
      ...validProfile(),
      address: { street: '290 Bremner Blvd', city: 'Toronto', state: 'Ontario', zipCode: 'M5V 3L9', country: 'ca' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getUser(token)).data.address).toEqual({
      street: '290 Bremner Blvd',
      city: 'Toronto',
      state: 'Ontario',
      zipCode: 'M5V 3L9',
      country: 'CA',
    });
  });

  it("changes only the signed-in shopper's own profile, whatever the body names", async () => {
    const alice = await newShopper();
    const bob = await newShopper();
    const bobBefore = (await getUser(bob)).data;
    expect((await putProfile(alice, validProfile())).statusCode).toBe(200);
    expect((await getUser(bob)).data).toEqual(bobBefore);
    // An id in the body is not a field of this call: refused, nobody changed.
    const withId = await putProfile(alice, { ...validProfile(), _id: bobBefore._id, firstname: 'Mallory' });
    expect(withId.statusCode).toBe(400);
    expect(withId.json()).toMatchObject({ success: false, field: '_id' });
    expect((await getUser(bob)).data).toEqual(bobBefore);
    expect((await getUser(alice)).data.firstname).toBe('Ada');
  });

  const long = (n: number) => 'x'.repeat(n);
  const withAddress = (address: Record<string, unknown>) => ({ ...validProfile(), address: { ...validProfile().address, ...address } });
  const badBodies: [string, unknown, string][] = [
    ['empty first name', { ...validProfile(), firstname: '' }, 'firstname'],
    ['blank last name', { ...validProfile(), lastname: '   ' }, 'lastname'],
    ['first name too long', { ...validProfile(), firstname: long(61) }, 'firstname'],
    ['first name not text', { ...validProfile(), firstname: 7 }, 'firstname'],
    ['NUL in a name', { ...validProfile(), lastname: 'Love\u0000lace' }, 'lastname'],
    ['a line break in a name', { ...validProfile(), firstname: 'Ada\nBob' }, 'firstname'],
    ['no address', { firstname: 'Ada', lastname: 'Lovelace' }, 'address'],
    ['empty street', withAddress({ street: '' }), 'address.street'],
    ['street too long', withAddress({ street: long(121) }), 'address.street'],
    ['city too long', withAddress({ city: long(81) }), 'address.city'],
    ['NUL in the city', withAddress({ city: 'Sea\u0000ttle' }), 'address.city'],
    ['not a US state', withAddress({ state: 'XX' }), 'address.state'],
    ['no state in the US', withAddress({ state: '' }), 'address.state'],
    ['a state name instead of its code', withAddress({ state: 'Washington' }), 'address.state'],
    ['ZIP too short', withAddress({ zipCode: '9810' }), 'address.zipCode'],
    ['ZIP+4 cut short', withAddress({ zipCode: '98101-12' }), 'address.zipCode'],
    ['ZIP with letters', withAddress({ zipCode: 'ABCDE' }), 'address.zipCode'],
    ['postal code with odd characters', withAddress({ country: 'CA', state: 'Ontario', zipCode: 'M5V<3L9>' }), 'address.zipCode'],
    ['not a country code', withAddress({ country: 'XX' }), 'address.country'],
    ['a three-letter country', withAddress({ country: 'USA' }), 'address.country'],
    ['an unknown field', { ...validProfile(), role: 'ADMIN' }, 'role'],
    ['an unknown address field', withAddress({ line2: 'Apt 4' }), 'line2'],
    ['image set through the profile', { ...validProfile(), image: 'https://evil.example/x.png' }, 'image'],
  ];

  it.each(badBodies)('400 for %s, naming %s, and nothing changes', async (_label, payload, field) => {
    const token = await newShopper();
    const before = (await getUser(token)).data;
    const res = await putProfile(token, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
    expect(res.json().message).toContain(field.split('.').pop());
    expect((await getUser(token)).data).toEqual(before);
  });

  it('a body that is not JSON is refused with 400', async () => {
    const token = await newShopper();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      payload: '{"firstname":',
      headers: { 'x-auth-token': token, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers a guest or an ended session 401', async () => {
    expect((await putProfile(null, validProfile())).statusCode).toBe(401);
    const bad = await putProfile('not-a-session', validProfile());
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('is documented in the OpenAPI description', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    expect(Object.keys(paths['/api/v1/user/profile']!)).toContain('put');
    expect(Object.keys(paths['/api/v1/user/avatar']!).sort()).toEqual(['delete', 'post']);
    expect(paths['/api/v1/user/avatar/{file}']).toBeDefined();
  });
});
