// The vault's relay (ADR 010) against local HTTP servers standing in for a provider: it fills in card
// data where placeholders stand and nowhere else, sends only to the configured provider over https (or
// to this machine), refuses tokens it does not hold before anything is sent, masks a card number the
// provider echoes, and gives up on a provider that does not answer.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAll } from '../../migrations.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/test-app.ts';
import { checkCard, type CheckedCard } from './card-rules.ts';
import { placeholder, scanPlaceholders } from './placeholders.ts';
import { VaultRelayError, type RelayErrorCode } from './relay-error.ts';
import { createVault, CVV_TTL_MS, type Vault } from './vault.ts';

const PAN = '4111111111111111';

interface Provider {
  url: string;
  /** The raw bodies it received, by path. */
  received: { path: string; body: string }[];
  close(): Promise<void>;
}

/**
 * A provider on this machine: /api/echo answers with what it got (and the card number it found, spaced
 * as a careless provider prints it), /api/hang never answers, /api/redirect sends the caller to
 * `redirectTo`, anything else answers {}.
 */
async function startProvider(redirectTo = ''): Promise<Provider> {
  const received: Provider['received'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, body: raw });
      if (path === '/api/hang') return;
      if (path === '/api/redirect') {
        res.writeHead(307, { location: `${redirectTo}/api/echo` }).end();
        return;
      }
      if (path === '/api/echo') {
        const spaced = /\d{16}/.exec(raw)?.[0]?.replace(/(\d{4})(?=\d)/g, '$1 ') ?? '';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ youSent: raw, printed: spaced }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let database: TestDatabase;
let provider: Provider;
/** Another server on this machine, not a configured destination. */
let elsewhere: Provider;
let vault: Vault;
let clock = Date.now();
let cardToken: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrateAll(database.database);
  elsewhere = await startProvider();
  provider = await startProvider(elsewhere.url);
  vault = createVault(database.database.db, randomBytes(32), {
    relay: { destinations: [`${provider.url}/api`], timeoutMs: 15_000 },
    now: () => clock,
  });
  const card = checkCard({ number: PAN, expiry: '04/34' }) as CheckedCard;
  cardToken = (await vault.storeCard(card)).token;
});
afterAll(async () => {
  await provider.close();
  await elsewhere.close();
  await database.drop();
});

const post = (path: string, body: unknown, base = provider.url, v = vault) =>
  v.relay({ url: `${base}${path}`, body: JSON.stringify(body), headers: { 'x-provider-key': 'k' } });

async function refusal(promise: Promise<unknown>): Promise<RelayErrorCode> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(VaultRelayError);
    return (err as VaultRelayError).code;
  }
  throw new Error('the relay sent the request');
}

/** What the provider received since `from`, for a test that asserts nothing was sent. */
const receivedSince = (p: Provider, from: number) => p.received.slice(from);

describe('the vault relay', () => {
  it('fills in the card where its placeholders stand and masks the number the provider echoes', async () => {
    const cvvToken = vault.storeCvv('737');
    const res = await post('/api/echo', {
      card: {
        cardNumber: placeholder('card.number', cardToken),
        expirationMonth: placeholder('card.expMonth', cardToken),
        expirationYear: placeholder('card.expYear', cardToken),
        CVV: placeholder('cvv', cvvToken),
      },
      amount: '19.99',
    });
    const sent = JSON.parse(provider.received.at(-1)!.body) as Record<string, unknown>;
    expect(sent).toEqual({ card: { cardNumber: PAN, expirationMonth: '04', expirationYear: '2034', CVV: '737' }, amount: '19.99' });
    expect(res.status).toBe(200);
    expect(res.contentType).toContain('application/json');
    // The provider echoed the number twice (as sent, and spaced): both come back masked to the last 4.
    const answer = JSON.parse(res.body) as { youSent: string; printed: string };
    expect(res.body).not.toContain(PAN);
    expect(res.body).not.toContain('4111 1111 1111 1111');
    expect(JSON.parse(answer.youSent)).toMatchObject({ card: { cardNumber: '************1111', CVV: '737' } });
    expect(answer.printed).toBe('************1111');
  });

  it('fills only whole string values: a placeholder inside a longer string, or as a key, goes out as written', async () => {
    const inside = `note ${placeholder('card.number', cardToken)}`;
    const key = placeholder('card.number', cardToken);
    await post('/api/plain', { inside, [key]: 1, list: [placeholder('card.expYear', cardToken)] });
    const sent = JSON.parse(provider.received.at(-1)!.body) as Record<string, unknown>;
    expect(sent).toEqual({ inside, [key]: 1, list: ['2034'] });
  });

  it('refuses a destination that is not the configured provider, and sends nothing', async () => {
    const from = provider.received.length;
    const fromElsewhere = elsewhere.received.length;
    const body = { cardNumber: placeholder('card.number', cardToken) };
    expect(await refusal(post('/api/echo', body, elsewhere.url))).toBe('DESTINATION_NOT_ALLOWED');
    // Outside the configured path, by a sibling path, by '..' or by credentials in the URL.
    for (const path of ['/other', '/apix/echo', '/api/../other/echo', '/api/%2e%2e/other'])
      expect(await refusal(post(path, body))).toBe('DESTINATION_NOT_ALLOWED');
    const withCredentials = provider.url.replace('http://', 'http://user:pass@');
    expect(await refusal(post('/api/echo', body, withCredentials))).toBe('DESTINATION_NOT_ALLOWED');
    expect(await refusal(vault.relay({ url: 'not a url', body: '{}' }))).toBe('DESTINATION_NOT_ALLOWED');
    expect(receivedSince(provider, from)).toEqual([]);
    expect(receivedSince(elsewhere, fromElsewhere)).toEqual([]);
  });

  it('refuses plain http to another machine even when configured, before anything is read or sent', async () => {
    const tried: string[] = [];
    const careless = createVault(database.database.db, randomBytes(32), {
      relay: {
        destinations: ['http://cards.example/api'],
        timeoutMs: 15_000,
        fetch: (input) => {
          tried.push(String(input));
          return Promise.reject(new Error('no request may be sent'));
        },
      },
    });
    const code = await refusal(post('/api/pay', { cardNumber: placeholder('card.number', cardToken) }, 'http://cards.example', careless));
    expect(code).toBe('INSECURE_DESTINATION');
    expect(tried).toEqual([]);
  });

  it('refuses an unknown card token, an unknown CVV token and an expired one, and sends nothing', async () => {
    const from = provider.received.length;
    const cvvToken = vault.storeCvv('123');
    expect(await refusal(post('/api/echo', { n: placeholder('card.number', 'card_unknown') }))).toBe('UNKNOWN_CARD');
    // A CVV token is no card token, and the other way round.
    expect(await refusal(post('/api/echo', { n: placeholder('card.number', cvvToken) }))).toBe('UNKNOWN_CARD');
    expect(await refusal(post('/api/echo', { c: placeholder('cvv', cardToken) }))).toBe('CVV_UNAVAILABLE');
    expect(await refusal(post('/api/echo', { c: placeholder('cvv', 'cvv_unknown') }))).toBe('CVV_UNAVAILABLE');
    clock += CVV_TTL_MS + 1;
    try {
      expect(await refusal(post('/api/echo', { n: placeholder('card.number', cardToken), c: placeholder('cvv', cvvToken) }))).toBe(
        'CVV_UNAVAILABLE',
      );
    } finally {
      clock = Date.now();
    }
    expect(receivedSince(provider, from)).toEqual([]);
  });

  it('refuses a placeholder naming no field of ours, and a body that is not JSON', async () => {
    const from = provider.received.length;
    expect(await refusal(post('/api/echo', { n: `{{card.pin:${cardToken}}}` }))).toBe('BAD_REQUEST');
    expect(await refusal(vault.relay({ url: `${provider.url}/api/echo`, body: `{"n": "${placeholder('card.number', cardToken)}"` }))).toBe(
      'BAD_REQUEST',
    );
    expect(receivedSince(provider, from)).toEqual([]);
  });

  it('does not follow a redirect: the card never reaches an address nobody checked', async () => {
    const fromElsewhere = elsewhere.received.length;
    const res = await post('/api/redirect', { cardNumber: placeholder('card.number', cardToken) });
    expect(res.status).toBe(307);
    expect(receivedSince(elsewhere, fromElsewhere)).toEqual([]);
  });

  it('fails cleanly when the provider does not answer in time', async () => {
    const quick = createVault(database.database.db, randomBytes(32), {
      relay: { destinations: [`${provider.url}/api`], timeoutMs: 300 },
    });
    const error = await quick.relay({ url: `${provider.url}/api/hang`, body: '{}' }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(VaultRelayError);
    expect(error).toMatchObject({ code: 'TIMEOUT', message: `Vault relay: ${provider.url} did not answer within 300 ms` });
  });

  it('fills a placeholder at the bottom of a body nested 100 000 levels deep', async () => {
    const depth = 100_000;
    const cvvToken = vault.storeCvv('4321');
    const body = `${'['.repeat(depth)}"${placeholder('cvv', cvvToken)}"${']'.repeat(depth)}`;
    const res = await vault.relay({ url: `${provider.url}/api/deep`, body });
    expect(res.status).toBe(200);
    expect(provider.received.at(-1)!.body).toBe(`${'['.repeat(depth)}"4321"${']'.repeat(depth)}`);
  });
});

describe('the placeholder scan', () => {
  it('reads a text once, however deep: never more characters than it has', () => {
    for (const text of [
      `${'['.repeat(50_000)}"${placeholder('cvv', 'cvv_a')}"${']'.repeat(50_000)}`,
      `${'{"a":'.repeat(20_000)}"${placeholder('card.number', 'card_a')}"${'}'.repeat(20_000)}`,
      JSON.stringify({ note: '['.repeat(5_000) + '"' + '{{'.repeat(5_000), items: [{ a: [1] }] }),
    ]) {
      const scan = scanPlaceholders(text);
      expect(scan.examined).toBeLessThanOrEqual(text.length);
      expect(scan.slots.length).toBeLessThanOrEqual(1);
    }
  });

  it('finds values, not keys nor text inside strings; escapes are read as JSON reads them', () => {
    const text = JSON.stringify({
      [placeholder('cvv', 'cvv_key')]: placeholder('card.number', 'card_value'),
      inside: `x${placeholder('cvv', 'cvv_inside')}`,
      quoted: 'a "{{cvv:cvv_q}}" b',
      list: [placeholder('card.expMonth', 'card_list'), 'plain'],
    }).replace('{{card.expMonth', '{{\\u0063ard.expMonth');
    const slots = scanPlaceholders(text).slots.map(({ field, token }) => ({ field, token }));
    expect(slots).toEqual([
      { field: 'card.number', token: 'card_value' },
      { field: 'card.expMonth', token: 'card_list' },
    ]);
    // The slot covers the whole JSON string, quotes included.
    const [first] = scanPlaceholders(text).slots;
    expect(JSON.parse(text.slice(first!.start, first!.end))).toBe(placeholder('card.number', 'card_value'));
  });
});
