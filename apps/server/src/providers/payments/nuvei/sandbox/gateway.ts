// The built-in sandbox gateway: behaves like the card provider (test cards, 3-D Secure fingerprint
// and challenge, declines, insufficient funds, refunds, signed notifications) with its own book of
// transactions, as a payment provider like the real client (ADR 009). It plays the provider, so it reads
// cards from the vault in-process, where the real client has the vault relay them (ADR 010).
// It refuses what Nuvei refuses (ADR 037): a card call without the payer's billingAddress (country,
// e-mail, names) or deviceDetails.ipAddress, a 3-D Secure 2 payment without the browser's details, each
// with an ERROR naming the field; its bank page (ACS) opens only with a POSTed creq; and a challenged
// payment takes no money until the final payment (completeChallenge, Nuvei's relatedTransactionId).
// An authorisation without capture (authOnly, transactionType Auth) is settled once by capture
// (settleTransaction); a settle of an unknown or already settled authorisation is refused, as Nuvei does.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { sandboxTransactions } from '../../../../db/sandbox-schema.ts';
import type { Vault, VaultCard } from '../../../vault/vault.ts';
import type {
  Approved,
  CaptureRequest,
  CardVerifyingProvider,
  ConfirmRequest,
  Payer,
  Declined,
  DeclineCode,
  LookupOutcome,
  PaymentRequest,
  PaymentSource,
  ProviderCard,
} from '@store/server-kit';
import { cardSourceOf, vaultTokenOf, type CardSource } from '@store/server-kit';
import { NUVEI_CARD_METHODS, NUVEI_WEBHOOK } from '../transactions.ts';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxNotification } from './notification.ts';
import { SANDBOX_CARDS, SANDBOX_THREE_D_VERSION } from './test-cards.ts';

type TxnRow = typeof sandboxTransactions.$inferSelect;
/** The card declines (a bank payment's is the ACH sandbox's). */
type CardDeclineCode = Exclude<DeclineCode, 'BANK_PAYMENT_FAILED'>;

export type SandboxGateway = CardVerifyingProvider &
  Required<Pick<CardVerifyingProvider, 'completeChallenge' | 'capture'>> & {
    /**
     * The bank page's view of a challenge, only with its secret, with the creq the payment answered, and
     * until a decision used it.
     */
    findChallenge(
      transactionId: string,
      secret: string,
      creq: string,
    ): Promise<{ orderId: string; amountCents: number; status: TxnRow['status'] } | null>;
    /**
     * The shopper's answer on the bank page, taken once: it uses the secret up. Returns the issuer's answer
     * (cres) and where to post it (the notificationURL the payment gave); null for a wrong or used secret
     * (as for an unknown challenge). No money moves: that is the final payment's (completeChallenge).
     * creq: the challenge request the page was opened with, which names the payment's notificationURL.
     */
    decideChallenge(
      transactionId: string,
      secret: string,
      approve: boolean,
      creq?: string,
    ): Promise<{ cres: string; notificationUrl: string } | null>;
    /**
     * What the sandbox recorded for an order, oldest first (Nuvei's own records, as its back office shows
     * them): each call's kind, status and relatedTransactionId. Read by the demo's control route, so a
     * browser test can see that the final payment named the challenged transaction.
     */
    transactionsOfOrder(orderId: string): Promise<
      {
        transactionId: string;
        kind: TxnRow['kind'];
        status: TxnRow['status'];
        relatedTransactionId: string | null;
        /** Sale, or Auth: authorised without capture. */
        transactionType: TxnRow['transactionType'];
      }[]
    >;
  };

/** What Nuvei answers a request it refuses (status ERROR, errCode, reason naming the field), thrown as the client throws it. */
export class SandboxRefusal extends Error {
  readonly status = 'ERROR';
  constructor(
    readonly method: string,
    readonly errCode: number,
    readonly reason: string,
  ) {
    super(`Nuvei ${method} failed: ${errCode} ${reason}`);
  }
}

/** Nuvei's errCode for a missing or invalid request parameter (ADR 037: the number is unverified). */
export const SANDBOX_INVALID_PARAMETER = 1010;

/** The fields Nuvei requires on every card call: the payer's billing address and the device's address. */
function requirePayer(method: string, payer: Payer | undefined): void {
  const missing = (field: string) => new SandboxRefusal(method, SANDBOX_INVALID_PARAMETER, `Missing or invalid parameter: ${field}`);
  if (!payer?.country || !/^[A-Z]{2}$/.test(payer.country)) throw missing('billingAddress.country');
  if (!payer.email) throw missing('billingAddress.email');
  if (!payer.firstName) throw missing('billingAddress.firstName');
  if (!payer.lastName) throw missing('billingAddress.lastName');
  if (!payer.ipAddress) throw missing('deviceDetails.ipAddress');
}

/** A 3-D Secure 2 payment from a browser carries what only the browser knows (threeD.browserDetails). */
function requireBrowser(req: ConfirmRequest): void {
  if (!req.threeDVersion?.startsWith('2')) return;
  const b = req.browser;
  const missing = (field: string) =>
    new SandboxRefusal('payment', SANDBOX_INVALID_PARAMETER, `Missing or invalid parameter: threeD.browserDetails.${field}`);
  if (!b) throw missing('acceptHeader');
  for (const field of [
    'acceptHeader',
    'ip',
    'javaEnabled',
    'javaScriptEnabled',
    'language',
    'colorDepth',
    'screenHeight',
    'screenWidth',
    'timeZone',
    'userAgent',
  ] as const)
    if (!b[field]) throw missing(field);
}

export interface SandboxOptions {
  db: Db;
  vault: Vault;
  /**
   * The challenge page lives on this server: config BROWSER_BASE (PUBLIC_URL, or '' for a path on the
   * origin the shopper is on, so either loopback name works without configuration).
   */
  browserBase: string;
  webhookSecret: string;
  /** The store's challenge-return page for a payment: where the bank page posts its answer (threeD.notificationURL). */
  challengeReturnUrl: (paymentId: string) => string;
}

/** The clientUniqueId of a card verification's transaction (it belongs to no order). */
const CARD_VERIFICATION = 'card-verification';

/** A 3-D Secure challenge nobody answered within this time fails, as an issuer's would. */
export const SANDBOX_CHALLENGE_TTL_MS = 10 * 60_000;
const challengeExpired = (row: TxnRow, now = Date.now()) =>
  row.status === 'challenge' && now - row.createdAt.getTime() > SANDBOX_CHALLENGE_TTL_MS;

// Nuvei transaction ids are long digit strings; ours look alike.
const newTransactionId = () => (randomBytes(8).readBigUInt64BE() % 10n ** 18n).toString().padStart(18, '1');

// The challenge page is a bank's: whoever holds its URL may answer, so the URL carries a 256-bit secret
// (the numeric ids are guessable and the shopper's session cannot ride a top-level navigation). Only its
// hash is kept.
const newChallengeSecret = () => randomBytes(32).toString('base64url');
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();
/** Marks a challenge the shopper passed: the bank's answer is given, the final payment not yet made. */
const AUTHENTICATED = 'authenticated';
function secretMatches(row: TxnRow, secret: string): boolean {
  if (!row.challengeSecretHash || !/^[0-9a-f]{64}$/.test(row.challengeSecretHash)) return false;
  return timingSafeEqual(Buffer.from(row.challengeSecretHash, 'hex'), hashSecret(secret));
}

function isExpired(card: VaultCard, now = new Date()): boolean {
  return card.expYear * 12 + (card.expMonth - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth();
}

/**
 * The challenge request the bank page must be POSTed (3-D Secure 2's CReq, base64url JSON as EMV writes it).
 * A real ACS knows the payment's notificationURL from the authentication request; the sandbox keeps no
 * table for it and carries it in its own CReq instead (notificationURL), so the bank page knows where to
 * post its answer: the store's return page, or the hosted checkout's (ADR 037).
 */
function creqFor(transactionId: string, threeDVersion: string, notificationUrl: string): string {
  return Buffer.from(
    JSON.stringify({
      threeDSServerTransID: transactionId,
      acsTransID: transactionId,
      challengeWindowSize: '05',
      messageType: 'CReq',
      messageVersion: threeDVersion,
      notificationURL: notificationUrl,
    }),
  ).toString('base64url');
}

/** The sandbox CReq's content when it is one of this challenge's; null otherwise. */
function readCreq(creq: string, transactionId: string): { notificationURL?: string } | null {
  try {
    const parsed = JSON.parse(Buffer.from(creq, 'base64url').toString('utf8')) as {
      threeDSServerTransID?: unknown;
      notificationURL?: unknown;
    };
    if (parsed.threeDSServerTransID !== transactionId) return null;
    return typeof parsed.notificationURL === 'string' ? { notificationURL: parsed.notificationURL } : {};
  } catch {
    return null;
  }
}
/** The bank's answer (CRes): transStatus Y authenticated, N not. */
function cresFor(transactionId: string, threeDVersion: string, authenticated: boolean): string {
  return Buffer.from(
    JSON.stringify({
      threeDSServerTransID: transactionId,
      acsTransID: transactionId,
      messageType: 'CRes',
      messageVersion: threeDVersion,
      transStatus: authenticated ? 'Y' : 'N',
    }),
  ).toString('base64url');
}

export function createSandboxGateway({ db, vault, browserBase, webhookSecret, challengeReturnUrl }: SandboxOptions): SandboxGateway {
  const base = browserBase;
  /** Stable per shopper and card, like the provider's user payment option id; keyed, so it reveals nothing of the number. */
  const upoFor = (userId: string, number: string) =>
    `upo_${createHash('sha256')
      .update(`${userId}:${vault.fingerprint(number)}`)
      .digest('hex')
      .slice(0, 24)}`;

  /** A saved card is paid with the CVV given for this payment, as the provider checks it; so is a fresh card that came with one. */
  const cvvMissing = (source: CardSource) =>
    (source.method === 'saved_card' || source.cvvToken !== undefined) && !vault.hasCvv(source.cvvToken ?? '');

  /**
   * The card a payment or a verification is authorised with. A new card without a CVV token must have
   * its CVV from the card frame (ADR 038): the sandbox takes it, as the relay does for the real provider
   * (the first use clears it), and refuses the card without one, as an acquirer declines a card-not-present
   * payment without its CVV. Its value is not checked: any CVV passes, as before.
   */
  async function resolveCard(paidWith: PaymentSource): Promise<VaultCard | { decline: string }> {
    const source = cardSourceOf(paidWith);
    const card = await vault.detokenize(vaultTokenOf(source));
    if (!card) return { decline: 'Unknown card token' };
    if (cvvMissing(source)) return { decline: 'CVV check failed' };
    if (source.method === 'card' && source.cvvToken === undefined && (await vault.takeCardCvv(card.token)) === null)
      return { decline: 'CVV check failed' };
    if (isExpired(card)) return { decline: 'Expired card' };
    return card;
  }

  async function record(row: Omit<typeof sandboxTransactions.$inferInsert, 'id'>, executor: Pick<Db, 'insert'> = db): Promise<string> {
    const id = newTransactionId();
    await executor.insert(sandboxTransactions).values({ id, ...row });
    return id;
  }

  /** The payment's transaction of this kind the request names (its transactionId), if the sandbox made it. */
  async function transactionOf(req: ConfirmRequest, kind: 'init' | 'payment') {
    const [found] = await db
      .select()
      .from(sandboxTransactions)
      .where(
        and(
          eq(sandboxTransactions.id, req.transactionId),
          eq(sandboxTransactions.clientUniqueId, req.paymentId),
          eq(sandboxTransactions.kind, kind),
        ),
      )
      .limit(1);
    return found;
  }

  const providerCard = (userId: string, card: VaultCard): ProviderCard => ({
    userPaymentOptionId: upoFor(userId, card.number),
    vaultToken: card.token,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  });

  const declined = (transactionId: string, code: DeclineCode, reason: string): Declined => ({
    status: 'declined',
    transactionId,
    code,
    reason,
  });

  /** The outcome a card gets without a challenge; null for the card that asks for one. */
  function decide(number: string): { code: CardDeclineCode; reason: string } | 'approve' | 'challenge' {
    if (number === SANDBOX_CARDS.declined) return { code: 'CARD_DECLINED', reason: 'Do not honor' };
    if (number === SANDBOX_CARDS.insufficientFunds) return { code: 'INSUFFICIENT_FUNDS', reason: 'Insufficient funds' };
    if (number === SANDBOX_CARDS.challenge) return 'challenge';
    return 'approve';
  }

  /**
   * The merchant's challenge preference, as an issuer honouring it would: 'Challenge' sends a card that
   * would pass frictionless through the challenge. The issuer still decides: 'Frictionless' does not spare
   * the challenge card, and a declining card declines whatever was asked.
   */
  function honourPreference(verdict: ReturnType<typeof decide>, preference: PaymentRequest['threeDsChallengePreference']) {
    return verdict === 'approve' && preference === 'Challenge' ? 'challenge' : verdict;
  }

  /** The columns every transaction of a payment request shares. */
  const rowOf = (req: PaymentRequest) => ({
    clientUniqueId: req.paymentId,
    orderId: req.orderId,
    userTokenId: req.userId,
    amountCents: req.amountCents,
    // An authorisation without capture (transactionType Auth): approved, its money taken only by a settle.
    transactionType: req.authOnly ? ('Auth' as const) : ('Sale' as const),
  });

  async function approveOrDecline(
    req: PaymentRequest,
    card: VaultCard,
    kind: 'init' | 'payment',
    relatedId: string | null,
  ): Promise<Approved | Declined | null> {
    const verdict = honourPreference(decide(card.number), req.threeDsChallengePreference);
    if (verdict === 'challenge') return null;
    const row = { ...rowOf(req), kind, relatedId, cardToken: card.token };
    if (verdict === 'approve') {
      const transactionId = await record({ ...row, status: 'approved' });
      return { status: 'approved', transactionId, threeDVersion: SANDBOX_THREE_D_VERSION, card: providerCard(req.userId, card) };
    }
    const transactionId = await record({ ...row, status: 'declined' });
    return declined(transactionId, verdict.code, verdict.reason);
  }

  /** An unanswered challenge past its time is declined for good, so a late answer cannot approve it. */
  async function expireChallenge(row: TxnRow): Promise<TxnRow> {
    if (!challengeExpired(row)) return row;
    await db
      .update(sandboxTransactions)
      .set({ status: 'declined' })
      .where(and(eq(sandboxTransactions.id, row.id), eq(sandboxTransactions.status, 'challenge')));
    return { ...row, status: 'declined' };
  }

  /** The card number an approved transaction of the payment was paid with (for the refund and capture test cards). */
  async function testCardOf(transactionId: string, paymentId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ cardToken: sandboxTransactions.cardToken })
      .from(sandboxTransactions)
      .where(
        and(
          eq(sandboxTransactions.id, transactionId),
          eq(sandboxTransactions.clientUniqueId, paymentId),
          eq(sandboxTransactions.status, 'approved'),
        ),
      );
    if (!row || row.cardToken === 'none') return undefined;
    return (await vault.detokenize(row.cardToken))?.number;
  }

  /** The approved authorisation a settle or a void names, of its payment, neither settled nor voided yet. */
  const openAuthorisation = (req: CaptureRequest) =>
    and(
      eq(sandboxTransactions.id, req.transactionId),
      eq(sandboxTransactions.clientUniqueId, req.paymentId),
      inArray(sandboxTransactions.kind, ['init', 'payment']),
      eq(sandboxTransactions.transactionType, 'Auth'),
      eq(sandboxTransactions.status, 'approved'),
      isNull(sandboxTransactions.settledAt),
    );

  /** A settle or a void of the authorisation, approved, in the sandbox's book (in the transaction that took the authorisation). */
  const recordOn = (
    auth: typeof sandboxTransactions.$inferSelect,
    kind: 'settle' | 'void',
    amountCents: number,
    executor: Pick<Db, 'insert'>,
  ) =>
    record(
      {
        kind,
        relatedId: auth.id,
        clientUniqueId: auth.clientUniqueId,
        orderId: auth.orderId,
        userTokenId: auth.userTokenId,
        cardToken: auth.cardToken,
        amountCents,
        status: 'approved',
      },
      executor,
    );

  /**
   * The approved settle this capture made before (the authorisation, payment and amount it names), when its answer
   * was lost: the real client, refused a second settle, finds it as the payment's latest transaction (client.ts).
   */
  async function earlierSettle(req: CaptureRequest): Promise<string | null> {
    const [settle] = await db
      .select({ id: sandboxTransactions.id })
      .from(sandboxTransactions)
      .where(
        and(
          eq(sandboxTransactions.kind, 'settle'),
          eq(sandboxTransactions.relatedId, req.transactionId),
          eq(sandboxTransactions.clientUniqueId, req.paymentId),
          eq(sandboxTransactions.amountCents, req.amountCents),
          eq(sandboxTransactions.status, 'approved'),
        ),
      )
      .limit(1);
    return settle?.id ?? null;
  }

  /** getTransactionDetails by clientUniqueId: the payment's latest transaction, as the provider sees it. */
  async function lookup(paymentId: string): Promise<LookupOutcome> {
    const [latest] = await db
      .select()
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.clientUniqueId, paymentId), inArray(sandboxTransactions.kind, ['init', 'payment'])))
      // The payment step supersedes the fingerprint ('payment' sorts after 'init'), then the newest.
      .orderBy(desc(sandboxTransactions.kind), desc(sandboxTransactions.createdAt))
      .limit(1);
    if (!latest) return { status: 'none' };
    const row = await expireChallenge(latest);
    switch (row.status) {
      case 'initiated':
        return { status: 'none' };
      case 'challenge':
        // Open: the shopper may still answer it.
        return { status: 'pending', transactionId: row.id };
      // A voided authorisation's hold went back: no money was taken, as Nuvei's Void transaction says.
      case 'refunded':
      case 'voided':
        return { status: 'refunded', transactionId: row.id };
      case 'approved': {
        const card = await vault.detokenize(row.cardToken);
        return {
          status: 'approved',
          transactionId: row.id,
          amountCents: row.amountCents,
          currency: 'USD',
          card: card ? providerCard(row.userTokenId, card) : null,
        };
      }
      case 'declined': {
        const card = row.cardToken === 'none' ? null : await vault.detokenize(row.cardToken);
        const verdict = card ? decide(card.number) : null;
        return typeof verdict === 'object' && verdict
          ? declined(row.id, verdict.code, verdict.reason)
          : declined(row.id, 'CARD_DECLINED', latest.status === 'challenge' ? '3-D Secure challenge expired' : 'Declined');
      }
    }
  }

  return {
    name: 'nuvei-sandbox',
    methods: NUVEI_CARD_METHODS,
    webhook: NUVEI_WEBHOOK,

    async start(req) {
      requirePayer('initPayment', req.payer);
      const card = await resolveCard(req.source);
      // Before anything is recorded, as a gateway that cannot be reached: the lookup finds no payment.
      if (!('decline' in card) && card.number === SANDBOX_CARDS.gatewayDown) throw new Error('sandbox: the gateway did not answer');
      if ('decline' in card) {
        const transactionId = await record({ ...rowOf(req), kind: 'init', cardToken: 'none', status: 'declined' });
        return declined(transactionId, 'CARD_DECLINED', card.decline);
      }
      const done = await approveOrDecline(req, card, 'init', null);
      if (done) return done;
      // A challenge (the challenge card, or a challenge the merchant asked for): the fingerprint says 3-D Secure 2
      // is needed; the shopper goes on with confirm.
      const transactionId = await record({ ...rowOf(req), kind: 'init', cardToken: card.token, status: 'initiated' });
      return { status: 'action', transactionId, action: { kind: 'fingerprint', threeDVersion: SANDBOX_THREE_D_VERSION } };
    },

    async verifyCard(req) {
      requirePayer('payment', req.payer);
      // A zero-amount authorisation: no order (clientUniqueId marks it), and the 3-D Secure test card
      // is approved too, since a verification is exempt from the challenge.
      const row = { kind: 'init' as const, clientUniqueId: CARD_VERIFICATION, userTokenId: req.userId, amountCents: 0 };
      const card = await resolveCard(req.source);
      if ('decline' in card)
        return declined(await record({ ...row, cardToken: 'none', status: 'declined' }), 'CARD_DECLINED', card.decline);
      const verdict = decide(card.number);
      if (typeof verdict === 'object')
        return declined(await record({ ...row, cardToken: card.token, status: 'declined' }), verdict.code, verdict.reason);
      const transactionId = await record({ ...row, cardToken: card.token, status: 'approved' });
      return { status: 'approved', transactionId, card: providerCard(req.userId, card) };
    },

    async confirm(req) {
      requirePayer('payment', req.payer);
      requireBrowser(req);
      const init = await transactionOf(req, 'init');
      const refuse = async (reason: string) =>
        declined(
          await record({ ...rowOf(req), kind: 'payment', relatedId: req.transactionId, cardToken: 'none', status: 'declined' }),
          'CARD_DECLINED',
          reason,
        );
      if (!init || init.status !== 'initiated') return refuse('Unknown related transaction');
      if (cvvMissing(cardSourceOf(req.source))) return refuse('CVV check failed');
      const card = await vault.detokenize(init.cardToken);
      if (!card) return declined(init.id, 'CARD_DECLINED', 'Unknown card token');
      const done = await approveOrDecline(req, card, 'payment', init.id);
      if (done) return done;
      const secret = newChallengeSecret();
      const transactionId = await record({
        ...rowOf(req),
        kind: 'payment',
        relatedId: init.id,
        cardToken: card.token,
        status: 'challenge',
        challengeSecretHash: hashSecret(secret).toString('hex'),
      });
      // Like Nuvei's acsUrl, the bank page's address carries what it needs (here its single-use secret);
      // the browser must POST it the creq.
      return {
        status: 'action',
        transactionId,
        action: {
          kind: 'challenge',
          url: `${base}/sandbox/3ds/${transactionId}?secret=${secret}`,
          creq: creqFor(
            transactionId,
            req.threeDVersion ?? SANDBOX_THREE_D_VERSION,
            req.challengeReturnUrl ?? challengeReturnUrl(req.paymentId),
          ),
        },
      };
    },

    async completeChallenge(req) {
      // The final payment: relatedTransactionId is the challenged payment. Only now does a sale happen.
      requirePayer('payment', req.payer);
      const found = await transactionOf(req, 'payment');
      const sale = (status: 'approved' | 'declined', cardToken: string) =>
        record({ ...rowOf(req), kind: 'payment', relatedId: req.transactionId, cardToken, status });
      if (!found) return declined(await sale('declined', 'none'), 'CARD_DECLINED', 'Unknown related transaction');
      const challenged = await expireChallenge(found);
      // Taken once: the challenged payment's mark is used up by the first final payment.
      const [taken] = await db
        .update(sandboxTransactions)
        .set({ challengeSecretHash: null })
        .where(
          and(
            eq(sandboxTransactions.id, challenged.id),
            eq(sandboxTransactions.status, 'challenge'),
            eq(sandboxTransactions.challengeSecretHash, AUTHENTICATED),
          ),
        )
        .returning();
      if (!taken) {
        const reason =
          challenged.status === 'challenge' && challenged.challengeSecretHash
            ? '3-D Secure challenge not completed'
            : '3-D Secure authentication failed';
        return declined(await sale('declined', challenged.cardToken), 'CARD_DECLINED', reason);
      }
      await db.update(sandboxTransactions).set({ status: 'declined' }).where(eq(sandboxTransactions.id, taken.id));
      const card = await vault.detokenize(taken.cardToken);
      if (!card) return declined(await sale('declined', 'none'), 'CARD_DECLINED', 'Unknown card token');
      const verdict = decide(card.number);
      if (typeof verdict === 'object') return declined(await sale('declined', card.token), verdict.code, verdict.reason);
      const transactionId = await sale('approved', card.token);
      return {
        status: 'approved',
        transactionId,
        threeDVersion: req.threeDVersion ?? SANDBOX_THREE_D_VERSION,
        card: providerCard(req.userId, card),
      };
    },

    async refund(req) {
      // The refund test cards (test-cards.ts): the issuer refuses, or the answer is lost after the refund.
      const paidWith = await testCardOf(req.transactionId, req.paymentId);
      if (paidWith === SANDBOX_CARDS.refundDeclined)
        return { status: 'declined', transactionId: req.transactionId, reason: 'Refund declined by the issuer' };
      const [row] = await db
        .update(sandboxTransactions)
        .set({ status: 'refunded' })
        .where(
          and(
            eq(sandboxTransactions.id, req.transactionId),
            eq(sandboxTransactions.status, 'approved'),
            eq(sandboxTransactions.clientUniqueId, req.paymentId),
            // A sale or a settle gives money back; an authorisation took none (Nuvei voids it instead).
            eq(sandboxTransactions.transactionType, 'Sale'),
          ),
        )
        .returning();
      if (!row || req.amountCents > row.amountCents) {
        return { status: 'declined', transactionId: req.transactionId, reason: 'Nothing to refund for this transaction' };
      }
      const transactionId = await record({
        kind: 'refund',
        relatedId: row.id,
        clientUniqueId: row.clientUniqueId,
        orderId: row.orderId,
        userTokenId: row.userTokenId,
        cardToken: row.cardToken,
        amountCents: req.amountCents,
        status: 'approved',
      });
      if (paidWith === SANDBOX_CARDS.refundAnswerLost) throw new Error('sandbox: the refund was made, but its answer timed out');
      return { status: 'refunded', transactionId };
    },

    async capture(req) {
      // settleTransaction: the approved authorisation the request names, of this payment, settled once (its
      // settledAt taken in one conditional update, so of two settles racing one wins), for at most its amount.
      // As Nuvei does, a settle of an unknown, declined or already settled authorisation is refused.
      // A retry of a capture whose answer was lost is answered with the settle it made, as the real client is.
      const settled = await db.transaction(async (tx) => {
        const [auth] = await tx
          .update(sandboxTransactions)
          .set({ settledAt: new Date() })
          .where(and(openAuthorisation(req), gte(sandboxTransactions.amountCents, req.amountCents)))
          .returning();
        return auth ? recordOn(auth, 'settle', req.amountCents, tx) : null;
      });
      if (!settled) {
        const earlier = await earlierSettle(req);
        if (earlier) return { status: 'captured', transactionId: earlier };
        return { status: 'declined', reason: 'No open authorisation to settle: unknown, declined or already settled' };
      }
      if ((await testCardOf(req.transactionId, req.paymentId)) === SANDBOX_CARDS.captureAnswerLost)
        throw new Error('sandbox: the settle was made, but its answer timed out');
      return { status: 'captured', transactionId: settled };
    },

    async voidAuthorization(req) {
      // voidTransaction: the approved, unsettled authorisation the request names, of this payment, released once
      // (its status taken in one conditional update, so a void and a settle racing cannot both win). As Nuvei
      // does, a void of an unknown, declined, settled or voided authorisation is refused.
      const transactionId = await db.transaction(async (tx) => {
        const [auth] = await tx.update(sandboxTransactions).set({ status: 'voided' }).where(openAuthorisation(req)).returning();
        return auth ? recordOn(auth, 'void', auth.amountCents, tx) : null;
      });
      if (!transactionId) return { status: 'declined', reason: 'No open authorisation to void: unknown, declined, settled or voided' };
      return { status: 'voided', transactionId };
    },

    lookup: (req) => lookup(req.paymentId),

    async transactionsOfOrder(orderId) {
      const rows = await db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.orderId, orderId))
        .orderBy(asc(sandboxTransactions.createdAt));
      return rows.map((r) => ({
        transactionId: r.id,
        kind: r.kind,
        status: r.status,
        relatedTransactionId: r.relatedId,
        transactionType: r.transactionType,
      }));
    },

    verifyNotification({ body, headers }) {
      const raw = headers[SANDBOX_SIGNATURE_HEADER];
      return verifySandboxNotification(webhookSecret, body, Array.isArray(raw) ? raw[0] : raw);
    },

    async findChallenge(transactionId, secret, creq) {
      const [row] = await db
        .select()
        .from(sandboxTransactions)
        .where(and(eq(sandboxTransactions.id, transactionId), eq(sandboxTransactions.kind, 'payment')))
        .limit(1);
      const creqMatches = readCreq(creq, transactionId) !== null;
      return row && creqMatches && secretMatches(row, secret)
        ? { orderId: row.orderId ?? row.clientUniqueId, amountCents: row.amountCents, status: row.status }
        : null;
    },

    async decideChallenge(transactionId, secret, approve, creq) {
      const [open] = await db
        .select()
        .from(sandboxTransactions)
        .where(and(eq(sandboxTransactions.id, transactionId), eq(sandboxTransactions.kind, 'payment')))
        .limit(1);
      if (!open || !secretMatches(open, secret)) return null;
      // Too late: the challenge expired (now, or when the merchant looked it up) and stays declined
      // whatever the answer; the shopper's first answer still hears so.
      const expired = challengeExpired(open) || open.status !== 'challenge';
      const authenticated = !expired && approve;
      // The answer uses the secret up: of answers racing, only the one that clears it is taken. A passed
      // challenge stays open for the final payment (no money moves here); a failed one is declined.
      const [row] = await db
        .update(sandboxTransactions)
        .set({
          status: open.status === 'challenge' && !authenticated ? 'declined' : open.status,
          challengeSecretHash: authenticated ? AUTHENTICATED : null,
        })
        .where(
          and(
            eq(sandboxTransactions.id, transactionId),
            eq(sandboxTransactions.challengeSecretHash, open.challengeSecretHash!),
            eq(sandboxTransactions.status, open.status),
          ),
        )
        .returning();
      if (!row) return null;
      return {
        cres: cresFor(transactionId, SANDBOX_THREE_D_VERSION, authenticated),
        // Where the payment said (its CReq, which the bank page's form carries back); else the store's page.
        notificationUrl: (creq ? readCreq(creq, transactionId)?.notificationURL : undefined) ?? challengeReturnUrl(row.clientUniqueId),
      };
    },
  };
}
