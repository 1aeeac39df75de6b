// POST /api/tokenize/iframe/config: who may get a signed frame configuration, for which origins, and what
// the answer points at. The vault signer is the real one; the merchant lookups are the host's, given as options.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrameConfigSigner } from '../../src/providers/vault/frame-config.ts';
import { createFrameSessionSigner } from '../../src/providers/vault/frame-session.ts';
import { TOKENIZER_CONFIG_PATH, tokenizerConfigRoutes, type TokenizerConfig } from '@store/checkout-host/testing';

const VAULT = 'http://localhost:4101';
const HOST = 'http://localhost:4102';
const SHOP = 'https://shop.example';
const merchants: Record<string, { allowedOrigins: string[] }> = {
  'lucky-dragon': { allowedOrigins: [SHOP, 'https://www.shop.example'] },
  other: { allowedOrigins: ['https://other.example'] },
};
const signer = createFrameConfigSigner(randomBytes(32));
const sessions = createFrameSessionSigner(randomBytes(32), { ttlMs: 5 * 60_000 });

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(tokenizerConfigRoutes, {
    vault: {
      origin: () => VAULT,
      signFrameConfig: (origins) => signer.sign(origins),
      issueFrameSession: (subject, origins) => sessions.sign(subject, origins),
    },
    hostOrigin: () => HOST,
    findMerchant: async (id) => merchants[id] ?? null,
    verifyCheckoutJwt: async (jwt) => (jwt === 'jwt-for-other' ? { merchantId: 'other', sessionId: 'cs_other_1' } : null),
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: TOKENIZER_CONFIG_PATH, payload: payload as object, headers });

describe('POST /api/tokenize/iframe/config', () => {
  it("gives a merchant's page the vault's script and card frames, signed for exactly the origins asked", async () => {
    const res = await post({ origins: [SHOP], merchantId: 'lucky-dragon' }, { origin: SHOP });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    const { success, data } = res.json() as { success: boolean; data: TokenizerConfig };
    expect(success).toBe(true);
    expect(data).toMatchObject({ tokenizerScriptUrl: `${VAULT}/tokenizer/tokenizer.js`, vaultOrigin: VAULT, mode: 'card' });
    const card = new URL(data.cardNumberFrameUrl);
    expect(`${card.origin}${card.pathname}`).toBe(`${VAULT}/fields/card-number`);
    expect(signer.verify(card.searchParams.get('cfg')!)).toEqual([SHOP]);
    expect(new URL(data.cvvFrameUrl).pathname).toBe('/fields/cvv');
    expect(Date.parse(data.expiresAt)).toBeGreaterThan(Date.now());
    // The frame session (ADR 032): in both frame URLs, for this merchant's page visitors and the signed origins.
    expect(card.searchParams.get('session')).toBe(data.session);
    expect(new URL(data.cvvFrameUrl).searchParams.get('session')).toBe(data.session);
    expect(sessions.check(data.session)).toEqual({
      ok: true,
      claims: { subject: { kind: 'merchant', id: 'lucky-dragon' }, origins: [SHOP], expiresAtMs: Date.parse(data.sessionExpiresAt) },
    });
  });

  it('binds the frame session to the checkout session a checkout JWT names, and gives a fresh one each time', async () => {
    const first = (await post({ origins: ['https://other.example'], checkoutJwt: 'jwt-for-other' })).json() as { data: TokenizerConfig };
    const second = (await post({ origins: ['https://other.example'], checkoutJwt: 'jwt-for-other' })).json() as { data: TokenizerConfig };
    expect(sessions.check(first.data.session)).toMatchObject({ ok: true, claims: { subject: { kind: 'checkout', id: 'cs_other_1' } } });
    expect(second.data.session).not.toBe(first.data.session);
  });

  it("answers CVV-only mode for a saved card's token, and takes the host's own origin beside the merchant's", async () => {
    const res = await post({ origins: [HOST, SHOP], merchantId: 'lucky-dragon', token: 'card_AbCdEfGh12345678' }, { origin: HOST });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: TokenizerConfig };
    expect(data.mode).toBe('cvv');
    expect(signer.verify(new URL(data.cvvFrameUrl).searchParams.get('cfg')!)).toEqual([HOST, SHOP]);
  });

  it('finds the merchant from a checkout JWT, and refuses a bad JWT or one of another merchant', async () => {
    const ok = await post({ origins: ['https://other.example'], checkoutJwt: 'jwt-for-other' });
    expect(ok.statusCode).toBe(200);
    const bad = await post({ origins: ['https://other.example'], checkoutJwt: 'forged' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false, field: 'checkoutJwt' });
    const mixed = await post({ origins: [SHOP], checkoutJwt: 'jwt-for-other', merchantId: 'lucky-dragon' });
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json()).toMatchObject({ success: false, field: 'merchantId' });
  });

  it("refuses origins the merchant has not allowed, and a page that is not the merchant's", async () => {
    const foreign = await post({ origins: [SHOP, 'https://evil.example'], merchantId: 'lucky-dragon' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      field: 'origins',
      message: expect.stringContaining('https://evil.example'),
    });
    // Another merchant's origin is not this merchant's.
    expect((await post({ origins: ['https://other.example'], merchantId: 'lucky-dragon' })).statusCode).toBe(403);

    const caller = await post({ origins: [SHOP], merchantId: 'lucky-dragon' }, { origin: 'https://evil.example' });
    expect(caller.statusCode).toBe(403);
    expect(caller.json()).toMatchObject({ field: 'origin' });
    expect(caller.headers['access-control-allow-origin']).toBeUndefined();

    const unknown = await post({ origins: [SHOP], merchantId: 'nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'merchantId' });
  });

  it('names the field of a malformed request', async () => {
    const cases: [unknown, string][] = [
      [{ origins: [SHOP] }, 'merchantId'],
      [{ merchantId: 'lucky-dragon' }, 'origins'],
      [{ origins: [], merchantId: 'lucky-dragon' }, 'origins'],
      [{ origins: ['https://shop.example/pay'], merchantId: 'lucky-dragon' }, 'origins'],
      [{ origins: ['ftp://shop.example'], merchantId: 'lucky-dragon' }, 'origins'],
      [{ origins: Array.from({ length: 6 }, () => SHOP), merchantId: 'lucky-dragon' }, 'origins'],
      [{ origins: [SHOP], merchantId: 'lucky-dragon', token: '4111111111111111' }, 'token'],
      [{ origins: [SHOP], merchantId: '../admin' }, 'merchantId'],
      [{ origins: [SHOP], merchantId: 'lucky-dragon', amount: 5 }, 'amount'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
    }
  });

  it('answers the CORS preflight of a merchant page', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: TOKENIZER_CONFIG_PATH,
      headers: { origin: SHOP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    expect(res.headers['access-control-allow-headers']).toBe('content-type');
  });
});
