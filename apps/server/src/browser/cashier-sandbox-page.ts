// The Nuvei cashier sandbox's page script (providers/payments/nuvei/cashier/sandbox/page.ts serves the page):
// frames the vault's card field; on Pay with a new card, asks it for a token first, then posts the form. The
// frame's session (ADR 032) is renewed from this page's own route when it is about to run out, or when the vault
// says it has (a shopper who lingers on the page can still pay). Browser code, built at build time
// (build/server-bundle.ts) and type-checked with the DOM (this folder's tsconfig.json).
import { TOKEN_UNAVAILABLE_MESSAGE, VAULT_SESSION_EXPIRED } from '@store/shared';

interface CashierForm extends HTMLFormElement {
  elements: HTMLFormControlsCollection & { secret: HTMLInputElement; cardToken: HTMLInputElement };
}

/** A session with less than this left is renewed before the frame is asked for a token. */
const RENEW_BEFORE_MS = 60_000;

const vaultOrigin = document.body.getAttribute('data-vault-origin') ?? '';
let session = document.body.getAttribute('data-session') ?? '';
let sessionExpiresAt = Date.parse(document.body.getAttribute('data-session-expires-at') ?? '') || 0;
const form = document.getElementById('cashier') as CashierForm;
const error = document.getElementById('error') as HTMLElement;
const frame = document.createElement('iframe');
frame.title = 'Card number';
// The vault's dark fields, as on the store's own pay page.
frame.src = `${vaultOrigin}/fields/card-number?origin=${encodeURIComponent(window.location.origin)}&session=${encodeURIComponent(session)}&theme=dark`;
document.getElementById('card-field')?.appendChild(frame);
let ready = false;
let waiting: string | null = null;
let counter = 0;
let renewed = false;

async function renewSession(): Promise<void> {
  const res = await fetch(`${form.getAttribute('action')}/frame-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret: form.elements.secret.value }),
  });
  if (!res.ok) throw new Error(TOKEN_UNAVAILABLE_MESSAGE);
  const json = (await res.json()) as { session: string; expiresAt: string };
  session = json.session;
  sessionExpiresAt = Date.parse(json.expiresAt) || 0;
}

function askForToken(): void {
  counter += 1;
  waiting = `cashier-${counter}`;
  frame.contentWindow?.postMessage({ type: 'tokenize', requestId: waiting, session }, vaultOrigin);
}

const showFailure = (err: unknown) => {
  error.textContent = err instanceof Error ? err.message : TOKEN_UNAVAILABLE_MESSAGE;
};

function tokenize(): void {
  if (sessionExpiresAt - Date.now() > RENEW_BEFORE_MS) return askForToken();
  renewSession().then(askForToken, showFailure);
}

function send(action: 'pay' | 'cancel'): void {
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'action';
  input.value = action;
  form.appendChild(input);
  form.submit();
}

window.addEventListener('message', (event: MessageEvent) => {
  if (event.origin !== vaultOrigin || event.source !== frame.contentWindow) return;
  const data = (event.data ?? {}) as { type?: unknown; requestId?: unknown; token?: unknown; code?: unknown; message?: unknown };
  // Marked on the form too, so a test can wait for the field rather than for a time.
  if (data.type === 'loaded') {
    ready = true;
    form.setAttribute('data-field-ready', 'true');
  }
  if (!waiting || data.requestId !== waiting) return;
  waiting = null;
  if (data.type === 'token' && typeof data.token === 'string') {
    form.elements.cardToken.value = data.token;
    send('pay');
  } else if (data.type === 'error' && data.code === VAULT_SESSION_EXPIRED && !renewed) {
    renewed = true;
    renewSession().then(askForToken, showFailure);
  } else if (data.type === 'error')
    error.textContent = typeof data.message === 'string' && data.message ? data.message : TOKEN_UNAVAILABLE_MESSAGE;
});

form.addEventListener('submit', (event: SubmitEvent) => {
  event.preventDefault();
  const action = (event.submitter as HTMLButtonElement | null)?.value === 'cancel' ? 'cancel' : 'pay';
  const chosen = form.querySelector<HTMLInputElement>('input[name=card]:checked');
  if (action === 'cancel' || (chosen && chosen.value !== 'new')) return send(action);
  if (!ready) {
    error.textContent = 'The card field is still loading. Please try again.';
    return;
  }
  error.textContent = '';
  renewed = false;
  tokenize();
});
