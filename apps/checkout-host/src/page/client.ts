// The purchase-v2 page script (bundled for the browser by bundle.ts). It reads the query parameters, opens
// the session with its key (the amount is the session's, never the URL's), offers the allowed methods, and
// talks to the merchant page above it by the frame protocol (@store/checkout-sdk/protocol): requests go one
// at a time, to the merchant origin only (never '*'), and only that origin's window is heard. The query is read
// through the wire schemas (params.ts says what becomes of each parameter); what the page cannot apply is shown
// and posted to the merchant as `inputError`, by name.
import { createCardFields, type CardFields } from '@store/checkout-sdk';
import {
  CHAINS,
  chooseParentOrigin,
  FRAME_METHODS,
  PRESENTMENT_CURRENCIES,
  WS_DEFAULTS,
  encodeEvmTransaction,
  encodeFrameMessage,
  heightChangeIdFromQuery,
  heightChangeMethod,
  isChain,
  isEvmChain,
  parseReply,
  type AuthDeclinedInfo,
  type Chain,
  type SuccessInfo,
  type ThreeDsChallengePreference,
} from '@store/checkout-sdk/protocol';
import { INPUT_ERROR_METHOD, encodePostedMessage, type PostedMessage } from '@store/checkout-sdk/wire';
import {
  SESSION_PARAMETER_NAMES,
  choosePaymentMethods,
  payerPrefill,
  readPageParams,
  type OfferedMethod,
  type Refusal,
  type SessionParameters,
} from './params.ts';
import { applyLook } from './theme.ts';

interface SessionView {
  sessionId: string;
  reference: string;
  merchantId: string;
  status: string;
  amountCents: number;
  currency: string;
  allowedPaymentMethods: OfferedMethod[];
  /** How a processing or paid session is being paid. */
  method?: 'card' | 'usdc' | 'ach';
  presentmentRates: Record<string, number>;
}
interface ApiError {
  message?: string;
  code?: string;
}
class HostError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A wallet request (signing, sending) may wait this long for the shopper. */
const WALLET_TIMEOUT_MS = 5 * 60_000;
const POLL_MS = 2000;

const body = document.body;
const query = new URLSearchParams(location.search);
const { params, refusals: readRefusals } = readPageParams(query);
const sessionKey = params.sessionKey ?? '';
const blockchain = body.dataset.blockchain ?? 'solana';
const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const statusEl = $('status');

// ---------------------------------------------------------------- the parent (merchant page)

const allowedOrigins: string[] = parseList(body.dataset.allowedOrigins);
const parentOrigin: string | null =
  window.parent === window
    ? null
    : chooseParentOrigin({
        allowed: allowedOrigins,
        named: params.origins,
        ancestor: location.ancestorOrigins?.[0] ?? null,
        referrer: document.referrer,
      });

/**
 * Every message carries method and data (the published SDK ignores one without data), and info where there is
 * one; each is checked against its wire schema. One that fails is a bug of this page: it is logged, and still
 * posted, so the merchant is not left waiting.
 */
function post(method: string, extra: { data?: string; info?: unknown } = {}) {
  if (!parentOrigin) return;
  const message = { method, data: extra.data ?? '', ...(extra.info === undefined ? {} : { info: extra.info }) };
  let text: string;
  try {
    text = encodePostedMessage(message as PostedMessage);
  } catch (err) {
    console.error('The checkout page built a message outside the wire contract', method, err);
    text = encodeFrameMessage(message);
  }
  window.parent.postMessage(text, parentOrigin);
}

/** A parameter or payment method this page refuses: listed on the page and posted as inputError (onInputError). */
const refused = new Set<string>();
function refuse(refusal: Refusal) {
  if (refused.has(refusal.message)) return;
  refused.add(refusal.message);
  const list = $('notices');
  const item = document.createElement('li');
  item.textContent = refusal.message;
  list.append(item);
  list.hidden = false;
  post(INPUT_ERROR_METHOD, { data: refusal.field, info: refusal });
}

let pending: { resolve(value: string): void; reject(err: Error): void } | null = null;
window.addEventListener('message', (event) => {
  if (event.origin !== parentOrigin || event.source !== window.parent || typeof event.data !== 'string' || !pending) return;
  const reply = parseReply(event.data);
  const waiting = pending;
  pending = null;
  if (reply.ok) waiting.resolve(reply.result);
  else waiting.reject(new Error(reply.message || 'The wallet refused.'));
});

/** One wallet request at a time: the next waits for this one's reply. */
function ask(method: string, data: string): Promise<string> {
  if (!parentOrigin) return Promise.reject(new Error('This checkout is not inside a merchant page that can reach your wallet.'));
  if (pending) return Promise.reject(new Error('A wallet request is already waiting.'));
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending = null;
      reject(new Error('The wallet did not answer.'));
    }, WALLET_TIMEOUT_MS);
    pending = {
      resolve: (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      reject: (e) => {
        clearTimeout(timer);
        reject(e);
      },
    };
    post(method, { data });
  });
}

// ---------------------------------------------------------------- host API

async function api<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { 'x-session-key': sessionKey, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
    signal: AbortSignal.timeout(90_000),
  });
  const json = (await res.json().catch(() => ({}))) as T & ApiError;
  if (!res.ok) throw new HostError(json.message ?? `The checkout answered ${res.status}.`, res.status, json.code ?? '');
  return json;
}

// ---------------------------------------------------------------- view

function setStatus(text: string, kind: 'info' | 'error' = 'info') {
  statusEl.textContent = text;
  statusEl.className = kind === 'error' ? 'error' : '';
}
const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** color, theme, loaderBackground; the merchant's stylesheet (linked by the server only from an allowed origin); the support address. */
function applyParams() {
  for (const refusal of [...readRefusals, ...applyLook(params, document.documentElement.style)]) refuse(refusal);
  if (params.merchantCss && !document.getElementById('merchant-css')) {
    const origins = parseList(body.dataset.merchantCssOrigins);
    let origin = params.merchantCss;
    try {
      origin = new URL(params.merchantCss).origin;
    } catch {
      // named as given
    }
    refuse({
      field: 'merchantCss',
      message: origins.length
        ? `merchantCss: stylesheets are loaded only from ${origins.join(', ')}; ${origin} is not one of them.`
        : `merchantCss: this checkout loads no merchant stylesheet (no stylesheet origin is configured); ${origin} is not used.`,
    });
  }
  if (params.supportEmail) {
    const link = $<HTMLAnchorElement>('support-link');
    link.href = `mailto:${params.supportEmail}`;
    link.textContent = params.supportEmail;
    $('support').hidden = false;
  }
}

function parseList(json: string | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    return [];
  }
}

function watchHeight() {
  const id = heightChangeIdFromQuery(query);
  if (!id) return;
  let last = -1;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    post(heightChangeMethod(id), { data: String(height) });
  }).observe(document.documentElement);
}

let session: SessionView;
let finished = false;
const buttons = () => [$<HTMLButtonElement>('pay-card'), $<HTMLButtonElement>('pay-usdc'), $<HTMLButtonElement>('pay-ach')];
function busy(on: boolean) {
  for (const b of buttons()) b.disabled = on || finished || b.dataset.ready !== 'true';
}

function succeed(info: SuccessInfo) {
  finished = true;
  busy(true);
  $('challenge').hidden = true;
  setStatus('Payment received. Thank you!');
  post(FRAME_METHODS.success, { data: info.paymentId, info });
}

function fail(message: string) {
  finished = true;
  $('loading').hidden = true;
  $('summary').hidden = true;
  $('card-section').hidden = true;
  $('ach-section').hidden = true;
  $('usdc-section').hidden = true;
  setStatus(message, 'error');
}

function showAmount() {
  const presentment = params.presentment ?? 'USD';
  $('amount').textContent = usd(session.amountCents);
  const rate = session.presentmentRates[presentment];
  if ((PRESENTMENT_CURRENCIES as readonly string[]).includes(presentment) && presentment !== 'USD' && rate) {
    const local = new Intl.NumberFormat('en-US', { style: 'currency', currency: presentment }).format((session.amountCents * rate) / 100);
    $('amount').textContent = `≈ ${local}`;
    $('amount-note').textContent = `you pay ${usd(session.amountCents)} (charged in US dollars; the ${presentment} amount is an estimate)`;
  }
  // The amount is always the session's (the page has no way to change it); lockAmount says so to the shopper.
  $('amount-lock').hidden = params.lockAmount !== true;
  $('summary').hidden = false;
}

// ---------------------------------------------------------------- fraud check

/**
 * The fraud device id the SDK put in the URL (SPEC §2 deviceId), sent with every payment call (card, bank,
 * USDC): the host's fraud check reads it and stores it with the payment (ADR 045); card attempts also count
 * per device. One the host would refuse (over 128 characters, or others than letters, digits and . _ : -)
 * is not sent.
 */
const deviceId: string | null = params.deviceId && /^[A-Za-z0-9._:-]{1,128}$/.test(params.deviceId) ? params.deviceId : null;
const withDevice = <T extends object>(body: T) => (deviceId ? { ...body, deviceId } : body);

/** The host's answer when its fraud check declines a payment: the session is closed for good. */
const FRAUD_DECLINED = 'FRAUD_DECLINED';
interface FinalDecline {
  status: 'declined';
  code: string;
  reason: string;
  final: true;
}
const isFinalDecline = (answer: { status: string; final?: boolean }): answer is FinalDecline =>
  answer.status === 'declined' && answer.final === true;

/** A decline that closes the checkout: the merchant page hears authDeclined and the page shows the reason. */
function declinedForGood(answer: FinalDecline, method: 'card' | 'ach' | 'usdc') {
  const fraud = answer.code === FRAUD_DECLINED;
  const info: AuthDeclinedInfo = {
    title: method === 'card' && !fraud ? 'Card declined' : 'Payment declined',
    code: answer.code,
    action: fraud ? 'Contact the merchant if you think this is a mistake.' : 'Start the payment again from the store.',
    message: answer.reason,
    total: usd(session.amountCents),
    sessionId: session.sessionId,
    reference: session.reference,
    reason: answer.reason,
  };
  post(FRAME_METHODS.authDeclined, { data: answer.code, info });
  $('challenge').hidden = true;
  // The host's own words for a fraud decline: they say nothing of how it was decided.
  if (fraud) return fail(answer.reason);
  fail(`${method === 'card' ? 'Your card was declined' : 'The payment was declined'}: ${answer.reason}. This checkout is closed.`);
}

// ---------------------------------------------------------------- payer (email, customerInfo)

const PAYER_FIELDS = [
  ['email', 'payer-email'],
  ['firstName', 'payer-first-name'],
  ['lastName', 'payer-last-name'],
  ['address', 'payer-address'],
  ['city', 'payer-city'],
  ['state', 'payer-state'],
  ['zip', 'payer-zip'],
  ['country', 'payer-country'],
] as const;

/** The payer fields, shown with card and bank payments, filled from email and customerInfo. */
function setUpPayer() {
  const prefill = payerPrefill(params);
  for (const [key, id] of PAYER_FIELDS) $<HTMLInputElement>(id).value = prefill[key];
  $('payer-section').hidden = false;
}

/**
 * What the payment call carries of the payer (the host's billing data): `email`, and `customerInfo` in the
 * published SDK's shape: the URL's customerInfo with the fields as the shopper left them. Empty fields are left out.
 */
function payerBody(): { email?: string; customerInfo?: Record<string, string> } {
  const value = (id: string) => $<HTMLInputElement>(id).value.trim();
  const shown = new Set<string>(PAYER_FIELDS.map(([key]) => key));
  const info: Record<string, string> = {};
  // The URL's other customerInfo fields (ip, dob, verificationId, ...) ride along as given.
  for (const [key, given] of Object.entries(params.customerInfo ?? {}))
    if (!shown.has(key) && key !== 'name' && typeof given === 'string') info[key] = given;
  for (const [key, id] of PAYER_FIELDS) if (key !== 'email' && value(id)) info[key] = value(id);
  // The SDK's two shapes: firstName with lastName, or one `name`.
  if (!info.firstName !== !info.lastName) {
    info.name = info.firstName ?? info.lastName!;
    delete info.firstName;
    delete info.lastName;
  } else if (!info.firstName && params.customerInfo?.name) info.name = params.customerInfo.name;
  const email = value('payer-email');
  return { ...(email ? { email } : {}), ...(Object.keys(info).length ? { customerInfo: info } : {}) };
}

// ---------------------------------------------------------------- card

let cardFields: CardFields | null = null;

/** The merchant's 3-D Secure challenge preference from the URL, when it is one of SPEC §3's; sent with the card. */
const challengePreference: ThreeDsChallengePreference | null = params.threeDsChallengePreference ?? null;

async function setUpCard() {
  $('card-section').hidden = false;
  if (challengePreference)
    $('threeds-note').textContent = `3-D Secure preference: ${challengePreference}. Your bank decides whether to ask you to confirm.`;
  const button = $<HTMLButtonElement>('pay-card');
  try {
    cardFields = await createCardFields({
      apiUrl: location.origin,
      checkoutJwt: sessionKey,
      origins: [...new Set([location.origin, ...(parentOrigin ? [parentOrigin] : [])])],
      cardNumberContainer: $('card-number'),
      onReady: () => {
        button.dataset.ready = 'true';
        busy(false);
      },
    });
  } catch (err) {
    $('card-number').textContent = `Card payments are unavailable: ${(err as Error).message}`;
    return;
  }
  button.addEventListener('click', () => void payByCard());
  $<HTMLIFrameElement>('challenge-frame').addEventListener('load', () => wake?.());
}

type CardAnswer =
  | { status: 'paid'; info: SuccessInfo }
  | { status: 'declined'; code: string; reason: string; final: boolean }
  /** With creq (3-D Secure 2) the issuer's page is POSTed it; without, it is opened. */
  | { status: 'challenge'; challengeUrl: string; creq?: string }
  | { status: 'pending' | 'open' | 'expired' | 'refunded' };

/** What the host's card payment needs of the browser for 3-D Secure 2; the host adds the request's address and headers. */
function browserDetails() {
  return {
    javaEnabled: false,
    language: (navigator.language || 'en').slice(0, 8),
    colorDepth: Math.min(99, Math.max(1, screen.colorDepth || 24)),
    screenHeight: Math.min(999_999, screen.height || 0),
    screenWidth: Math.min(999_999, screen.width || 0),
    timeZone: new Date().getTimezoneOffset(),
  };
}

/**
 * The issuer's challenge page in the challenge frame, its creq POSTed from an auto-submitting form aimed at
 * the frame (3-D Secure 2: an ACS is not opened by a link). The issuer then posts its answer to the host's
 * return page, which finishes the payment and loads in the same frame.
 */
function postToChallengeFrame(url: string, creq: string) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.target = 'challenge-frame';
  form.hidden = true;
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'creq';
  input.value = creq;
  form.append(input);
  document.body.append(form);
  form.submit();
  form.remove();
}

/** The challenge this page opened (its URL), so a poll answering the same challenge does not open it again. */
let openedChallenge: string | null = null;
/** Cuts the wait before the next status poll short (the challenge frame loaded a page: maybe the host's answer). */
let wake: (() => void) | null = null;
const nextPoll = () =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, POLL_MS);
    function done() {
      clearTimeout(timer);
      wake = null;
      resolve();
    }
    wake = done;
  });

async function payByCard() {
  if (!cardFields) return;
  busy(true);
  setStatus('Paying…');
  try {
    const token = await cardFields.tokenize();
    await settleCard(
      await api<CardAnswer>(
        'POST',
        '/api/checkout/card',
        withDevice({
          cardToken: token.cardToken ?? token.token,
          ...(challengePreference ? { threeDsChallengePreference: challengePreference } : {}),
          ...payerBody(),
          browserDetails: browserDetails(),
        }),
      ),
    );
  } catch (err) {
    setStatus((err as Error).message, 'error');
    busy(false);
  }
}

async function settleCard(answer: CardAnswer) {
  for (;;) {
    if (answer.status === 'paid') return succeed(answer.info);
    if (answer.status === 'declined' && isFinalDecline(answer)) return declinedForGood(answer, 'card');
    if (answer.status === 'declined') {
      $('challenge').hidden = true;
      const info: AuthDeclinedInfo = {
        title: 'Card declined',
        code: answer.code,
        action: 'Try another card.',
        message: answer.reason,
        total: usd(session.amountCents),
        sessionId: session.sessionId,
        reference: session.reference,
        reason: answer.reason,
      };
      post(FRAME_METHODS.authDeclined, { data: answer.code, info });
      setStatus(`Your card was declined: ${answer.reason}. You can try another card.`, 'error');
      return busy(false);
    }
    if (answer.status === 'challenge') {
      if (openedChallenge !== answer.challengeUrl) {
        openedChallenge = answer.challengeUrl;
        $('challenge').hidden = false;
        if (answer.creq) postToChallengeFrame(answer.challengeUrl, answer.creq);
        else $<HTMLIFrameElement>('challenge-frame').src = answer.challengeUrl;
      }
      setStatus('Waiting for your bank’s confirmation…');
    } else if (answer.status !== 'pending') {
      $('challenge').hidden = true;
      setStatus('The payment was not completed. Try again.', 'error');
      return busy(false);
    }
    await nextPoll();
    answer = await api<CardAnswer>('GET', '/api/checkout/card/status');
  }
}

// ---------------------------------------------------------------- bank account (ACH)

const ACH_SUBMITTED = 'Bank payment submitted: it settles in a few days; you can close this page.';

type AchAnswer =
  | { status: 'pending'; last4: string }
  | { status: 'paid'; info: SuccessInfo }
  | { status: 'declined'; code: string; reason: string; final?: boolean };

function setUpAch() {
  $('ach-section').hidden = false;
  const button = $<HTMLButtonElement>('pay-ach');
  button.dataset.ready = 'true';
  busy(false);
  $<HTMLFormElement>('ach-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void payByAch();
  });
}

/** The bank debit is pending until it settles (days): nothing is posted to the parent until then. */
function achSubmitted() {
  finished = true;
  busy(true);
  $('card-section').hidden = true;
  $('ach-section').hidden = true;
  $('usdc-section').hidden = true;
  setStatus(ACH_SUBMITTED);
}

async function payByAch() {
  const routing = $<HTMLInputElement>('ach-routing');
  const account = $<HTMLInputElement>('ach-account');
  if (!/^\d{9}$/.test(routing.value)) return setStatus('The routing number must have 9 digits.', 'error');
  if (!/^\d{4,17}$/.test(account.value)) return setStatus('The account number must have 4 to 17 digits.', 'error');
  const accountType = $<HTMLInputElement>('ach-savings').checked ? 'savings' : 'checking';
  busy(true);
  setStatus('Submitting the bank payment…');
  try {
    const answer = await api<AchAnswer>(
      'POST',
      '/api/checkout/ach',
      withDevice({ routingNumber: routing.value, accountNumber: account.value, accountType, ...payerBody() }),
    );
    if (answer.status === 'paid') return succeed(answer.info);
    if (isFinalDecline(answer)) {
      routing.value = '';
      account.value = '';
      return declinedForGood(answer, 'ach');
    }
    if (answer.status === 'pending') {
      // The numbers are not kept in the page once the provider has them.
      routing.value = '';
      account.value = '';
      return achSubmitted();
    }
    setStatus(`Your bank account was not accepted: ${answer.reason}. You can try another account.`, 'error');
    busy(false);
  } catch (err) {
    setStatus((err as Error).message, 'error');
    busy(false);
  }
}

// ---------------------------------------------------------------- USDC

function setUpUsdc() {
  const pubkey = params.pubkey ?? '';
  const section = $('usdc-section');
  section.hidden = false;
  const button = $<HTMLButtonElement>('pay-usdc');
  const chainSelect = $<HTMLSelectElement>('chain');
  if (blockchain === 'user') {
    // The merchant page sends the transaction itself: the shopper picks the network their wallet is on.
    for (const chain of CHAINS) chainSelect.add(new Option(chain, chain));
    $('chain-pick').hidden = false;
  }
  if (!pubkey) {
    $('usdc-wallet').textContent = 'Connect a wallet in the store to pay with USDC.';
    return;
  }
  $('usdc-wallet').textContent =
    `From wallet ${pubkey.slice(0, 6)}…${pubkey.slice(-4)} on ${blockchain === 'user' ? 'the network you pick' : blockchain}.`;
  button.dataset.ready = 'true';
  busy(false);
  button.addEventListener('click', () => void payWithUsdc(pubkey, blockchain === 'user' ? chainSelect.value : blockchain));
}

/** A host call retried while the chain's node is unreachable: 1000 ms apart, at most 5 times (§7). */
async function withNodeRetries<T>(chain: string, call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof HostError) || err.code !== 'NODE_UNREACHABLE' || attempt >= WS_DEFAULTS.max_reconnects) throw err;
      setStatus(`The ${chain} network is not reachable right now; retrying…`, 'error');
      await new Promise((r) => setTimeout(r, WS_DEFAULTS.reconnect_interval));
    }
  }
}

type UsdcAnswer = { status: 'paid'; info: SuccessInfo } | { status: 'processing'; txId: string };
type Prepared = { status: 'prepared'; paymentId: string; transaction: string };

/**
 * A wallet's refusal of a versioned transaction, as the wallet adapters word it ("Sending transaction version 0
 * isn't supported by this wallet", "Sending versioned transactions isn't supported by this wallet"), and as our
 * SDK does for a wallet-standard wallet whose supportedTransactionVersions lacks 0.
 */
const refusedVersioned = (err: unknown) => err instanceof Error && /version/i.test(err.message) && /support/i.test(err.message);

/**
 * Solana: a v0 transaction first, legacy when the wallet refuses it (README, "Solana: legacy or v0"). The
 * published SDK decodes what the page sends with VersionedTransaction.deserialize and a version check and hands
 * the wallet a VersionedTransaction or a Transaction; our SDK and the store's pay page do the same. Neither tells
 * the page which versions the wallet signs (no parameter carries it), so the wallet's answer is what decides.
 * Each form is prepared (and fingerprinted) by the host; the refused v0 attempt is left unsigned.
 */
async function signSolana(prepare: (solanaTransaction: 'legacy' | 'v0') => Promise<Prepared | FinalDecline>) {
  let prepared = await prepare('v0');
  if (prepared.status === 'declined') return prepared;
  setStatus('Approve the transfer in your wallet…');
  try {
    return { prepared, signed: await ask(FRAME_METHODS.signTransaction, prepared.transaction) };
  } catch (err) {
    if (!refusedVersioned(err)) throw err;
  }
  prepared = await prepare('legacy');
  if (prepared.status === 'declined') return prepared;
  return { prepared, signed: await ask(FRAME_METHODS.signTransaction, prepared.transaction) };
}

async function payWithUsdc(payer: string, chain: string) {
  if (!isChain(chain)) return setStatus('blockchain not supported!', 'error');
  busy(true);
  try {
    setStatus('Preparing the USDC transfer…');
    const prepare = (solanaTransaction?: 'legacy' | 'v0') =>
      withNodeRetries(chain, () =>
        api<Prepared | FinalDecline>(
          'POST',
          '/api/checkout/usdc/prepare',
          withDevice({ chain, payer, ...(solanaTransaction ? { solanaTransaction } : {}) }),
        ),
      );
    let answer: UsdcAnswer;
    if (chain === 'solana' && blockchain !== 'user') {
      const outcome = await signSolana(prepare);
      // Declined before the wallet is asked for anything.
      if ('status' in outcome) return declinedForGood(outcome, 'usdc');
      const { prepared, signed } = outcome;
      setStatus('Sending the transfer…');
      answer = await withNodeRetries(chain, () =>
        api<UsdcAnswer>('POST', '/api/checkout/usdc/submit', { paymentId: prepared.paymentId, signedTransaction: signed }),
      );
    } else {
      const prepared = await prepare();
      // Declined before the wallet is asked for anything.
      if (prepared.status === 'declined') return declinedForGood(prepared, 'usdc');
      setStatus('Approve the transfer in your wallet…');
      // An EVM transaction goes to the parent as base64 of its JSON (the published SDK's wire format).
      const request = isEvmChain(chain) ? encodeEvmTransaction(prepared.transaction) : prepared.transaction;
      const txId = await ask(FRAME_METHODS.sendTransaction, request);
      setStatus('Waiting for the network to confirm…');
      answer = await withNodeRetries(chain, () =>
        api<UsdcAnswer>('POST', '/api/checkout/usdc/record', { paymentId: prepared.paymentId, txId }),
      );
    }
    await settleUsdc(answer, chain);
  } catch (err) {
    setStatus((err as Error).message, 'error');
    busy(false);
  }
}

async function settleUsdc(answer: UsdcAnswer, chain: Chain) {
  while (answer.status !== 'paid') {
    setStatus(`Waiting for the ${chain} network to confirm the transfer…`);
    await new Promise((r) => setTimeout(r, POLL_MS));
    const s = await api<SessionView & { info?: SuccessInfo }>('GET', '/api/checkout/session');
    if (s.status === 'paid') {
      answer = {
        status: 'paid',
        info: {
          paymentId: s.sessionId,
          hash: answer.txId,
          sessionId: s.sessionId,
          reference: s.reference,
          method: 'usdc',
          chain,
          txId: answer.txId,
          amountCents: s.amountCents,
          currency: s.currency,
        },
      };
    } else if (s.status === 'open') throw new Error('The transfer did not go through. Try again.');
  }
  succeed(answer.info);
}

// ---------------------------------------------------------------- start

/** The session's parameters the host records (authOnly, webhookInfo, settlementType, tokens, lockDefaultToken). */
async function recordSessionParameters() {
  const given = Object.fromEntries(
    SESSION_PARAMETER_NAMES.filter((n) => params[n] !== undefined).map((n) => [n, params[n]]),
  ) as SessionParameters;
  const names = Object.keys(given);
  if (!names.length) return;
  try {
    session = await api<SessionView>('POST', '/api/checkout/session/parameters', given);
  } catch (err) {
    for (const name of names)
      refuse({ field: name, message: `${name}: this checkout could not record it for this payment (${(err as Error).message}).` });
  }
}

async function start() {
  applyParams();
  watchHeight();
  try {
    if (!sessionKey) return fail('This checkout link has no session. Start the payment again from the store.');
    try {
      session = await api<SessionView>('GET', '/api/checkout/session');
    } catch (err) {
      return fail((err as Error).message);
    }
    // The amount is the session's: a link whose amount differs was altered, and nothing is offered.
    const currency = params.currency ?? 'USD';
    // `amount` alone (no token) is the published SDK's amount in the session's currency.
    const amountCents = params.amount !== undefined && params.token === undefined ? Math.round(Number(params.amount) * 100) : undefined;
    if (
      (params.cents !== undefined && params.cents !== session.amountCents) ||
      (amountCents !== undefined && amountCents !== session.amountCents) ||
      currency !== session.currency
    )
      return fail('The amount in this checkout link does not match the order. Nothing can be paid here; start again from the store.');
    if (session.status === 'paid') return fail('This order is already paid.');
    if (session.status === 'processing' && session.method === 'ach') {
      $('loading').hidden = true;
      return achSubmitted();
    }
    if (session.status !== 'open') return fail(`This checkout is ${session.status}.`);
    await recordSessionParameters();
    $('loading').hidden = true;
    showAmount();
    const { methods, refusals } = choosePaymentMethods(params.allowedPaymentMethods, session.allowedPaymentMethods);
    for (const refusal of refusals) refuse(refusal);
    if (!methods.length) return fail('No payment method is available for this checkout.');
    if (methods.includes('card') || methods.includes('ach')) setUpPayer();
    if (methods.includes('usdc')) setUpUsdc();
    if (methods.includes('ach')) setUpAch();
    if (methods.includes('card')) await setUpCard();
  } finally {
    $('loading').hidden = true;
    // data is never missing: the published SDK reads only messages with method and data.
    post(FRAME_METHODS.loaded, { data: 'loaded' });
  }
}

void start();
