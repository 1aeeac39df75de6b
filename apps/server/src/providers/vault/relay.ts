// The vault's outbound relay (ADR 010), as a tokenisation provider's transparent gateway works: the
// API builds a provider's request with placeholders where card data goes (placeholders.ts) and asks
// the vault to send it. The vault checks the destination, fills in the card from its tokens, sends the
// request, and hands back the provider's answer with every card number it sent masked to its last 4.
// The filled-in body exists only inside `relay` below, for the one call: it is never logged, returned
// or kept. Nothing here logs at all.
import { isSecureOrLoopback } from '../../lib/loopback.ts';
import { scanPlaceholders, type PlaceholderField, type Slot } from './placeholders.ts';
import { VaultRelayError } from './relay-error.ts';

export interface RelayRequest {
  /** Absolute URL under one of the configured destinations: https, or http to this machine (tests). */
  url: string;
  method?: 'POST' | 'PUT' | 'PATCH';
  /** Sent as given; never searched for placeholders. content-type is always application/json. */
  headers?: Record<string, string>;
  /** JSON text with placeholders as whole string values. */
  body: string;
  /** A shorter limit than the vault's own, when the caller wants one. */
  timeoutMs?: number;
}

export interface RelayResponse {
  status: number;
  contentType: string;
  /** The provider's answer, every card number the request carried masked to its last 4 digits. */
  body: string;
}

export interface RelayOptions {
  /**
   * The allow-list, from configuration: base URLs of the configured providers (NUVEI_BASE_URL). A
   * destination must have the same origin and a path under the base's path.
   */
  destinations: readonly string[];
  /** Milliseconds for the whole call, answer included (VAULT_RELAY_TIMEOUT_MS). */
  timeoutMs: number;
  maxResponseBytes?: number;
  fetch?: typeof fetch;
}

/** What the relay reads from the vault; only the vault hands it over (vault.ts). */
export interface CardData {
  card(token: string): Promise<{ number: string; expMonth: number; expYear: number } | null>;
  cvv(token: string): string | null;
  /** A new card's CVV, taken: the vault clears it as it hands it over (null when there is none, ADR 038). */
  cardCvv(token: string): Promise<string | null>;
}

/** A card call carries one card (and its CVV); a few allow for a provider's call that names two. */
export const MAX_TOKENS_PER_RELAY = 4;
const MAX_RESPONSE_BYTES = 1024 * 1024;
const CARD_TOKEN = /^card_[A-Za-z0-9_-]{1,100}$/;
const CVV_TOKEN = /^cvv_[A-Za-z0-9_-]{1,100}$/;

/** The base URL as an origin and a path prefix ending in '/'. */
function destinationOf(base: string): { origin: string; pathPrefix: string } {
  const url = new URL(base);
  return { origin: url.origin, pathPrefix: url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/` };
}

/** Checks the URL before anything is read from the vault. */
function checkDestination(raw: string, allowed: { origin: string; pathPrefix: string }[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new VaultRelayError('DESTINATION_NOT_ALLOWED', 'Vault relay: the destination is not a URL');
  }
  if (!isSecureOrLoopback(url)) {
    throw new VaultRelayError('INSECURE_DESTINATION', `Vault relay: ${url.origin} is not https; card data travels over https only`);
  }
  // The URL parser has already resolved '..' and its encodings, so a path prefix means what it says.
  const ok = !url.username && !url.password && allowed.some((d) => d.origin === url.origin && url.pathname.startsWith(d.pathPrefix));
  if (!ok) throw new VaultRelayError('DESTINATION_NOT_ALLOWED', `Vault relay: ${url.origin}${url.pathname} is not a configured provider`);
  return url;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Every way a card number may come back (digits, or grouped with spaces or dashes), masked to its last 4. */
function scrub(text: string, numbers: Iterable<string>): string {
  let out = text;
  for (const number of numbers) {
    const spelled = new RegExp(number.split('').join('[ -]?'), 'g');
    out = out.replace(spelled, '*'.repeat(number.length - 4) + number.slice(-4));
  }
  return out;
}

async function readCapped(res: Response, limit: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > limit) throw new VaultRelayError('RESPONSE_TOO_LARGE', `Vault relay: an answer of ${declared} bytes`);
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new VaultRelayError('RESPONSE_TOO_LARGE', `Vault relay: an answer over ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createRelay(data: CardData, options: RelayOptions): (request: RelayRequest) => Promise<RelayResponse> {
  const allowed = options.destinations.map(destinationOf);
  const doFetch = options.fetch ?? fetch;
  const maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;

  /**
   * The JSON value each placeholder stands for (null: leave its member out); card data read once a token.
   * A new card's CVV is taken last, once everything else is known to be there: a request refused for an
   * unknown token costs the shopper no CVV.
   */
  async function resolve(slots: Slot[]): Promise<{ values: (string | null)[]; numbers: Set<string> }> {
    const tokens = new Set(slots.map((s) => s.token));
    if (tokens.size > MAX_TOKENS_PER_RELAY) throw new VaultRelayError('BAD_REQUEST', 'Vault relay: too many cards in one request');
    const cards = new Map<string, { number: string; expMonth: number; expYear: number }>();
    const cvvs = new Map<string, string>();
    const cardCvvs = new Map<string, string | null>();
    for (const { field, token } of slots) {
      if (field === 'card.cvv') {
        if (!CARD_TOKEN.test(token)) throw new VaultRelayError('UNKNOWN_CARD', 'Vault relay: the card token is unknown');
      } else if (field === 'cvv') {
        if (cvvs.has(token)) continue;
        const cvv = CVV_TOKEN.test(token) ? data.cvv(token) : null;
        if (cvv === null) throw new VaultRelayError('CVV_UNAVAILABLE', 'Vault relay: the CVV token is unknown or has expired');
        cvvs.set(token, cvv);
      } else if (!cards.has(token)) {
        const card = CARD_TOKEN.test(token) ? await data.card(token) : null;
        if (!card) throw new VaultRelayError('UNKNOWN_CARD', 'Vault relay: the card token is unknown');
        cards.set(token, card);
      }
    }
    for (const { field, token } of slots) {
      if (field === 'card.cvv' && !cardCvvs.has(token)) cardCvvs.set(token, await data.cardCvv(token));
    }
    const valueOf = (field: PlaceholderField, token: string): string | null => {
      if (field === 'card.cvv') return cardCvvs.get(token) ?? null;
      if (field === 'cvv') return cvvs.get(token)!;
      const card = cards.get(token)!;
      if (field === 'card.number') return card.number;
      return field === 'card.expMonth' ? twoDigits(card.expMonth) : String(card.expYear);
    };
    return {
      values: slots.map((s) => {
        const value = valueOf(s.field, s.token);
        return value === null ? null : JSON.stringify(value);
      }),
      numbers: new Set([...cards.values()].map((c) => c.number)),
    };
  }

  return async function relay(request) {
    const url = checkDestination(request.url, allowed);
    try {
      JSON.parse(request.body);
    } catch {
      throw new VaultRelayError('BAD_REQUEST', 'Vault relay: the body is not JSON');
    }
    const { slots } = scanPlaceholders(request.body);
    const { values, numbers } = await resolve(slots);

    // The one place the card data is written into a request. A CVV the vault no longer holds leaves its
    // member out (the request goes without a CVV, as with none asked for), or is null outside an object.
    let filled = '';
    let at = 0;
    slots.forEach((slot, i) => {
      const value = values[i];
      if (value === null && slot.member) {
        // Two members left out side by side may share a comma: never cut what was already cut.
        filled += request.body.slice(at, Math.max(at, slot.member.start));
        at = slot.member.end;
      } else {
        filled += request.body.slice(at, slot.start) + (value ?? 'null');
        at = slot.end;
      }
    });
    filled += request.body.slice(at);

    const timeoutMs = Math.min(request.timeoutMs ?? options.timeoutMs, options.timeoutMs);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const res = await doFetch(url, {
        method: request.method ?? 'POST',
        headers: { ...request.headers, 'content-type': 'application/json' },
        body: filled,
        signal,
        // A redirect would carry the card to an address nobody checked; the caller sees the 3xx instead.
        redirect: 'manual',
      });
      const text = await readCapped(res, maxResponseBytes);
      return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: scrub(text, numbers) };
    } catch (err) {
      if (err instanceof VaultRelayError) throw err;
      if (signal.aborted) throw new VaultRelayError('TIMEOUT', `Vault relay: ${url.origin} did not answer within ${timeoutMs} ms`);
      throw new VaultRelayError('UNREACHABLE', `Vault relay: ${url.origin} could not be reached`);
    }
  };
}
