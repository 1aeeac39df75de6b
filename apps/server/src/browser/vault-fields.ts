// The card field frames' script (providers/vault/pages.ts serves the page, this is its one script): runs in the browser on
// the vault's own origin, built at build time (build/server-bundle.ts, lib/browser-scripts.ts) and type-checked with
// the DOM (this folder's tsconfig.json). It formats what is typed, tells the framing page of changes, and answers a
// `tokenize` request from that page (and only that page's origin) with a token from POST /tokenize, or the
// reason there is none. The card never leaves the frame except to the vault.
import { CARD_FRAME_LOADED_DELAY_MS, TOKEN_UNAVAILABLE_MESSAGE, VAULT_INVALID_CVV } from '@store/shared';
import { brandOf, checkCard, cvvValid, type CardBrand } from '../providers/vault/card-rules.ts';
import { FRAME_SESSION_HEADER } from '../providers/vault/frame-session-header.ts';

/** The answer to a tokenize request: a token, or why there is none. */
type Answer =
  | { type: 'token'; token: string; brand: string | null; last4: string | null; expiresAt?: string }
  | { type: 'error'; message: string; code?: string };
/** What the frame posts to the framing page. */
type FrameMessage = { type: 'change' | 'loaded' } | (Answer & { requestId: string });

/** The brand a number's first digits name, as a shopper reads it on the card. */
const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'VISA',
  masterCard: 'Mastercard',
  americanExpress: 'AMEX',
  discover: 'Discover',
  unknown: '',
};

class Refused extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

const body = document.body;
const kind = body.getAttribute('data-kind') === 'cvv' ? 'cvv' : 'card';
const storeOrigin = body.getAttribute('data-store-origin') ?? '';
let session = body.getAttribute('data-session') ?? '';
const number = document.getElementById('number') as HTMLInputElement | null;
const expiry = document.getElementById('expiry') as HTMLInputElement | null;
const cvv = document.getElementById('cvv') as HTMLInputElement | null;
const brand = document.getElementById('brand');
// The request out now: the edit count it was made at and who waits for its answer.
let inFlight: { edits: number; requestIds: string[] } | null = null;
let editCount = 0;

function send(message: FrameMessage): void {
  window.parent.postMessage(message, storeOrigin);
}

document.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault());

const digitsOf = (input: HTMLInputElement | null) => (input?.value ?? '').replace(/\s/g, '');

/** The vault checks again; checking here first, by the same rules (card-rules.ts), keeps bad input off the network. */
function localError(): string | null {
  if (kind === 'cvv') return cvvValid(cvv?.value ?? '') ? null : VAULT_INVALID_CVV;
  const checked = checkCard({ number: digitsOf(number), expiry: expiry?.value ?? '', cvv: cvv?.value ?? '' });
  return 'error' in checked ? checked.error : null;
}

function changed(): void {
  editCount += 1;
  send({ type: 'change' });
}

number?.addEventListener('input', () => {
  const digits = number.value.replace(/\D/g, '').slice(0, 19);
  number.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  const named = BRAND_NAMES[brandOf(digits)];
  if (brand && brand.textContent !== named) {
    brand.textContent = named;
    // Room for the brand only while there is one: a narrow field keeps its width for the digits.
    number.className = named ? 'has-brand' : '';
  }
  changed();
});
expiry?.addEventListener('input', () => {
  const digits = expiry.value.replace(/\D/g, '').slice(0, 4);
  expiry.value = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
  changed();
});
cvv?.addEventListener('input', () => {
  cvv.value = cvv.value.replace(/\D/g, '').slice(0, 4);
  changed();
});
// What was typed before this script ran (the page shows its inputs first; a slow load, a quick typist) gets
// the same formatting and counts as an edit, as if typed now: "1234" in the expiry becomes "12/34".
for (const input of [number, expiry, cvv]) if (input?.value) input.dispatchEvent(new Event('input'));
window.addEventListener('load', () => {
  setTimeout(() => send({ type: 'loaded' }), CARD_FRAME_LOADED_DELAY_MS);
});

async function requestToken(payload: object): Promise<Answer> {
  const res = await fetch('/tokenize', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [FRAME_SESSION_HEADER]: session },
    body: JSON.stringify(payload),
  });
  // An answer that is not JSON (a proxy's error page) is no token either.
  const json = (await res.json().catch(() => ({}))) as {
    token?: unknown;
    brand?: unknown;
    last4?: unknown;
    expiresAt?: unknown;
    message?: unknown;
    code?: unknown;
  };
  if (!res.ok || typeof json.token !== 'string' || !json.token)
    throw new Refused(
      typeof json.message === 'string' && json.message ? json.message : TOKEN_UNAVAILABLE_MESSAGE,
      typeof json.code === 'string' ? json.code : undefined,
    );
  return {
    type: 'token',
    token: json.token,
    brand: typeof json.brand === 'string' && json.brand ? json.brand : null,
    last4: typeof json.last4 === 'string' && json.last4 ? json.last4 : null,
    ...(typeof json.expiresAt === 'string' ? { expiresAt: json.expiresAt } : {}),
  };
}

window.addEventListener('message', (event: MessageEvent) => {
  if (event.origin !== storeOrigin || event.source !== window.parent) return;
  const data = event.data as { type?: unknown; requestId?: unknown; session?: unknown } | null;
  if (!data || data.type !== 'tokenize' || typeof data.requestId !== 'string') return;
  const requestId = data.requestId;
  if (typeof data.session === 'string' && data.session) session = data.session;
  // Racing the request already out for the same input: its answer, whatever it is, goes to both.
  if (inFlight && inFlight.edits === editCount) {
    inFlight.requestIds.push(requestId);
    return;
  }
  const invalid = localError();
  if (invalid) {
    send({ type: 'error', requestId, message: invalid });
    return;
  }
  const payload =
    kind === 'cvv'
      ? { kind: 'cvv', cvv: cvv?.value ?? '' }
      : { kind: 'card', number: digitsOf(number), expiry: expiry?.value ?? '', cvv: cvv?.value ?? '' };
  const request = { edits: editCount, requestIds: [requestId] };
  inFlight = request;
  const answerAll = (answer: Answer) => {
    if (inFlight === request) inFlight = null;
    for (const id of request.requestIds) send({ ...answer, requestId: id });
  };
  requestToken(payload).then(answerAll, (err: unknown) => {
    const message = err instanceof Error && err.message ? err.message : TOKEN_UNAVAILABLE_MESSAGE;
    answerAll({ type: 'error', message, ...(err instanceof Refused && err.code ? { code: err.code } : {}) });
  });
});
