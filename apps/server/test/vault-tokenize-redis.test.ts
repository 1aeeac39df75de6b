// Two instances sharing one Redis share the vault's tokenize limits (ADR 032): one shopper, or one address,
// cannot get twice the limit by reaching two instances. They share VAULT_KEY too, as instances behind one
// load balancer must (a frame session one of them signs, the other accepts).
// This file needs REDIS_URL; vitest.config.ts leaves it out of runs where REDIS_URL is unset.
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { postTokenize } from './support/vault.ts';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) {
  throw new Error(
    'vault-tokenize-redis.test.ts needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379) to share counters between two instances.',
  );
}

const CARD = { kind: 'card', number: '4111111111111111', expiry: '12/34' };
// Counters in a shared Redis outlive a run: every run counts for addresses and shoppers of its own.
const newAddress = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const newShopper = () => ({ kind: 'shopper' as const, id: `redis-shopper-${randomBytes(8).toString('hex')}` });

describe('vault tokenize limits shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const config = {
      REDIS_URL,
      TRUST_PROXY: ['127.0.0.1'],
      VAULT_KEY: randomBytes(32).toString('hex'),
      VAULT_TOKENIZE_PER_SHOPPER: 3,
      VAULT_TOKENIZE_PER_ADDRESS: 4,
    };
    a = await buildTestApp(config, { seedDemo: false });
    b = await buildTestApp(config, { seedDemo: false });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const tokenizeAt = (t: TestApp, session: string, address: string) =>
    postTokenize(t.app, CARD, { origin: t.app.vault.origin(), 'x-vault-session': session, 'x-forwarded-for': address });

  it("counts one shopper's tokenizations across instances, whichever instance signed the session", async () => {
    const session = a.app.vault.issueFrameSession(newShopper()).session;
    const statuses = [];
    for (const t of [a, b, a, b]) statuses.push((await tokenizeAt(t, session, newAddress())).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("counts one address's tokenizations across instances", async () => {
    const address = newAddress();
    const statuses = [];
    for (const t of [a, b, a, b, a])
      statuses.push((await tokenizeAt(t, t.app.vault.issueFrameSession(newShopper()).session, address)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
