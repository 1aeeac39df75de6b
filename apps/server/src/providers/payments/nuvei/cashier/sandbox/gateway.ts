// The cashier sandbox: behaves like Nuvei's Payment Page (ADR 014). start opens a hosted page for the
// payment and answers its URL; the page (page-routes.ts) takes a card typed into the vault's hosted
// fields, or one saved there before, charges it with the card sandbox's test cards, sends its signed
// notification and sends the shopper back. It plays the provider, so it reads cards from the vault
// in-process, as the card sandbox does, and keeps the cards saved on its page for each user_token_id
// until the shopper deletes one (removeSavedCard, its deleteUPO). The page's URL is Nuvei's Payment Page
// URL, built by the real client's page-url.ts for the sandbox's merchant account, and the page opens only
// when its checksum is right by the independent rules (../../sandbox/checksum-rules.ts, ADR 039), as
// Nuvei's page does; its own single-use secret rides along, outside what is signed.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../../../db/client.ts';
import { cashierSandboxCards, cashierSandboxSessions } from '../../../../../db/sandbox-schema.ts';
import { hashToken, newSecretToken } from '../../../../../lib/ids.ts';
import type { Vault, VaultCard } from '../../../../vault/vault.ts';
import { hostedPageTransactionId, type LookupOutcome } from '@store/server-kit';
import { SANDBOX_CARDS } from '../../sandbox/test-cards.ts';
import { NUVEI_WEBHOOK } from '../../transactions.ts';
import { paymentPageChecksumMatches } from '../../sandbox/checksum-rules.ts';
import { cashierReturnUrls } from '../client.ts';
import { cashierPageUrl } from '../page-url.ts';
import type { CashierProvider } from '../types.ts';
import { CASHIER_SIGNATURE_HEADER, signCashierNotification, verifyCashierNotification, type CashierNotification } from './notification.ts';

export const NUVEI_CASHIER_SANDBOX = 'nuvei-cashier-sandbox';
/** A page nobody finished within this time is closed, as the provider's session would be. */
export const CASHIER_PAGE_TTL_MS = 30 * 60_000;

type PageRow = typeof cashierSandboxSessions.$inferSelect;
/** The declines a card gets on the page. */
type CardDeclineCode = 'CARD_DECLINED' | 'INSUFFICIENT_FUNDS';

export interface CashierSavedCardView {
  userPaymentOptionId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** What the page shows. */
export interface CashierPageView {
  /** The store's payment id the page was opened for (its URL's merchant_unique_id). */
  paymentId: string;
  /** The shopper the page is for (Nuvei's userTokenId is the store's user id): its card frame's session names them. */
  userTokenId: string;
  amountCents: number;
  currency: string;
  savedCards: CashierSavedCardView[];
}

/** What the shopper did on the page. */
export type CashierChoice =
  { action: 'pay'; cardToken: string; saveCard: boolean } | { action: 'pay'; userPaymentOptionId: string } | { action: 'cancel' };

export interface CashierDecision {
  /** Where the shopper goes next (the page's success, error or back URL). */
  redirect: string;
  /** The signed notification to deliver; none after a cancel (nothing was charged). */
  notification: { body: CashierNotification; signature: string } | null;
}

export type CashierSandbox = CashierProvider & {
  /** The page's view, only with its secret, while it is open. */
  findPage(pageId: string, secret: string): Promise<CashierPageView | null>;
  /**
   * Nuvei's Payment Page's check of its URL (the query, its `secret` aside): the sandbox merchant's ids, a
   * checksum right by the independent rules, and parameters naming this page's payment. Null when all
   * hold, else the refusal ('Invalid checksum' as the fakes answer it, ADR 039).
   */
  pageUrlRefusal(view: CashierPageView, query: URLSearchParams): string | null;
  /** The shopper's choice, taken once (it uses the secret up); null for a wrong or used secret or a closed page. */
  decide(pageId: string, secret: string, choice: CashierChoice): Promise<CashierDecision | null>;
};

export interface CashierSandboxOptions {
  db: Db;
  vault: Vault;
  /** The store's address for links (config BROWSER_BASE; '' is a path on the shopper's origin). */
  browserBase: string;
  webhookSecret: string;
  /** Where the notification goes (recorded with the page as the merchant's notify_url). */
  notifyUrl: string;
  /** The merchant account the page URLs are signed for; default one made per start (its secret random). */
  merchant?: { merchantId: string; merchantSiteId: string; secretKey: string };
}

/** The sandbox's own formatting of cents as the Payment Page's total_amount ("4.99"), not the client's. */
const pageAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const newPageId = () => randomBytes(12).toString('hex');
// Nuvei transaction ids are long digit strings; the card sandbox's look alike.
const newTransactionId = () => (randomBytes(8).readBigUInt64BE() % 10n ** 18n).toString().padStart(18, '2');

const secretMatches = (row: PageRow, secret: string) =>
  !!row.secretHash && timingSafeEqual(Buffer.from(row.secretHash, 'hex'), Buffer.from(hashToken(secret), 'hex'));
const isExpired = (row: PageRow, now = Date.now()) => row.status === 'open' && now - row.createdAt.getTime() > CASHIER_PAGE_TTL_MS;
const cardExpired = (card: VaultCard, now = new Date()) =>
  card.expYear * 12 + (card.expMonth - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth();

/** The card sandbox's test cards; the 3-D Secure one is approved (the page authenticates the shopper itself). */
function verdictFor(card: VaultCard): { code: CardDeclineCode; reason: string } | null {
  if (card.number === SANDBOX_CARDS.declined) return { code: 'CARD_DECLINED', reason: 'Do not honor' };
  if (card.number === SANDBOX_CARDS.insufficientFunds) return { code: 'INSUFFICIENT_FUNDS', reason: 'Insufficient funds' };
  if (cardExpired(card)) return { code: 'CARD_DECLINED', reason: 'Expired card' };
  return null;
}

export function createCashierSandbox({
  db,
  vault,
  browserBase,
  webhookSecret,
  notifyUrl,
  merchant = { merchantId: 'sandbox-merchant', merchantSiteId: 'sandbox-site', secretKey: randomBytes(32).toString('hex') },
}: CashierSandboxOptions): CashierSandbox {
  /** Stable per shopper and card, like the provider's user payment option id; keyed, so it reveals nothing of the number. */
  const upoFor = (userTokenId: string, number: string) =>
    `cupo_${createHash('sha256')
      .update(`cashier:${userTokenId}:${vault.fingerprint(number)}`)
      .digest('hex')
      .slice(0, 24)}`;

  const view = (c: typeof cashierSandboxCards.$inferSelect): CashierSavedCardView => ({
    userPaymentOptionId: c.id,
    brand: c.brand,
    last4: c.last4,
    expMonth: c.expMonth,
    expYear: c.expYear,
  });

  async function savedCardsOf(userTokenId: string) {
    return db
      .select()
      .from(cashierSandboxCards)
      .where(eq(cashierSandboxCards.userTokenId, userTokenId))
      .orderBy(desc(cashierSandboxCards.createdAt), desc(cashierSandboxCards.id));
  }

  async function openPage(pageId: string, secret: string): Promise<PageRow | null> {
    const [row] = await db.select().from(cashierSandboxSessions).where(eq(cashierSandboxSessions.id, pageId)).limit(1);
    if (!row || !secretMatches(row, secret) || row.status !== 'open' || isExpired(row)) return null;
    return row;
  }

  /** The card the choice pays with, and whether it is (or becomes) one saved on the page. */
  async function cardOf(row: PageRow, choice: Exclude<CashierChoice, { action: 'cancel' }>) {
    if ('userPaymentOptionId' in choice) {
      const [saved] = await db
        .select()
        .from(cashierSandboxCards)
        .where(and(eq(cashierSandboxCards.id, choice.userPaymentOptionId), eq(cashierSandboxCards.userTokenId, row.userTokenId)))
        .limit(1);
      return { card: saved ? await vault.detokenize(saved.vaultToken) : null, save: true };
    }
    // A new card's CVV (ADR 038) is deliberately not read: the cashier sandbox checks none, as before; the
    // vault clears it when the token's time is up.
    return { card: await vault.detokenize(choice.cardToken), save: choice.saveCard };
  }

  async function keepCard(userTokenId: string, card: VaultCard): Promise<CashierSavedCardView> {
    const row = {
      id: upoFor(userTokenId, card.number),
      userTokenId,
      vaultToken: card.token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
    await db
      .insert(cashierSandboxCards)
      .values(row)
      .onConflictDoUpdate({
        target: cashierSandboxCards.id,
        set: { vaultToken: row.vaultToken, expMonth: row.expMonth, expYear: row.expYear, createdAt: new Date() },
      });
    return view({ ...row, createdAt: new Date() });
  }

  async function lookup(paymentId: string): Promise<LookupOutcome> {
    const [row] = await db
      .select()
      .from(cashierSandboxSessions)
      .where(eq(cashierSandboxSessions.clientUniqueId, paymentId))
      .orderBy(desc(cashierSandboxSessions.createdAt))
      .limit(1);
    if (!row) return { status: 'none' };
    switch (row.status) {
      case 'open':
        // Still open: the shopper may pay yet. Closed unpaid: no money moved.
        return isExpired(row) ? { status: 'none' } : { status: 'pending', transactionId: hostedPageTransactionId(paymentId) };
      case 'canceled':
        return { status: 'none' };
      case 'approved':
        return { status: 'approved', transactionId: row.transactionId!, amountCents: row.amountCents, currency: row.currency, card: null };
      case 'declined':
        return {
          status: 'declined',
          transactionId: row.transactionId!,
          code: row.declineReason === 'Insufficient funds' ? 'INSUFFICIENT_FUNDS' : 'CARD_DECLINED',
          reason: row.declineReason ?? 'Declined',
        };
      case 'refunded':
        return { status: 'refunded', transactionId: row.transactionId! };
    }
  }

  return {
    name: NUVEI_CASHIER_SANDBOX,
    methods: ['cashier'],
    webhook: NUVEI_WEBHOOK,

    async start(req) {
      if (req.source.method !== 'cashier') throw new Error(`The cashier was asked to pay with '${req.source.method}'.`);
      const pageId = newPageId();
      // Whoever holds the page's URL may pay on it, so the URL carries a 256-bit secret; only its hash is kept.
      const secret = newSecretToken();
      const returnUrls = cashierReturnUrls(browserBase, req.orderId);
      await db.insert(cashierSandboxSessions).values({
        id: pageId,
        clientUniqueId: req.paymentId,
        userTokenId: req.userId,
        amountCents: req.amountCents,
        currency: req.currency,
        notifyUrl,
        ...returnUrls,
        secretHash: hashToken(secret),
        status: 'open',
      });
      // Signed as the real client signs Nuvei's Payment Page URL (its page-url.ts), on a placeholder origin
      // dropped below: BROWSER_BASE may be '' (a path on whichever origin the shopper is on).
      const signed = new URL(
        cashierPageUrl(
          `http://page.invalid/sandbox/cashier/${pageId}?secret=${secret}`,
          {
            merchantId: merchant.merchantId,
            merchantSiteId: merchant.merchantSiteId,
            paymentId: req.paymentId,
            userId: req.userId,
            amountCents: req.amountCents,
            currency: req.currency,
            itemName: `Order ${req.orderId}`,
            notifyUrl,
            ...returnUrls,
          },
          merchant.secretKey,
        ),
      );
      return {
        status: 'action',
        transactionId: hostedPageTransactionId(req.paymentId),
        action: { kind: 'redirect', url: `${browserBase}${signed.pathname}${signed.search}` },
      };
    },

    confirm: () => Promise.reject(new Error('The cashier has no confirm step.')),

    lookup: (req) => lookup(req.paymentId),

    async refund(req) {
      const [row] = await db
        .update(cashierSandboxSessions)
        .set({ status: 'refunded' })
        .where(
          and(
            eq(cashierSandboxSessions.transactionId, req.transactionId),
            eq(cashierSandboxSessions.clientUniqueId, req.paymentId),
            eq(cashierSandboxSessions.status, 'approved'),
          ),
        )
        .returning();
      if (!row || req.amountCents > row.amountCents)
        return { status: 'declined', transactionId: req.transactionId, reason: 'Nothing to refund for this transaction' };
      return { status: 'refunded', transactionId: newTransactionId() };
    },

    verifyNotification({ body, headers }) {
      const raw = headers[CASHIER_SIGNATURE_HEADER];
      return verifyCashierNotification(webhookSecret, body, Array.isArray(raw) ? raw[0] : raw);
    },

    async removeSavedCard({ userId, userPaymentOptionId }) {
      // Forgotten as Nuvei's deleteUPO forgets it: no page offers it or pays with it again (a page already
      // open declines it as an unknown card). Saving the same card again on a page brings it back.
      await db
        .delete(cashierSandboxCards)
        .where(and(eq(cashierSandboxCards.id, userPaymentOptionId), eq(cashierSandboxCards.userTokenId, userId)));
    },

    async findPage(pageId, secret) {
      const row = await openPage(pageId, secret);
      if (!row) return null;
      return {
        paymentId: row.clientUniqueId,
        userTokenId: row.userTokenId,
        amountCents: row.amountCents,
        currency: row.currency,
        savedCards: (await savedCardsOf(row.userTokenId)).map(view),
      };
    },

    pageUrlRefusal(page, query) {
      const signed = new URL('http://page.invalid/');
      for (const [k, v] of query) if (k !== 'secret') signed.searchParams.append(k, v);
      const p = signed.searchParams;
      if (p.get('merchant_id') !== merchant.merchantId || p.get('merchant_site_id') !== merchant.merchantSiteId) return 'Invalid merchant';
      if (!paymentPageChecksumMatches(signed, merchant.secretKey)) return 'Invalid checksum';
      if (
        p.get('merchant_unique_id') !== page.paymentId ||
        p.get('user_token_id') !== page.userTokenId ||
        p.get('total_amount') !== pageAmount(page.amountCents) ||
        p.get('currency') !== page.currency
      )
        return 'The page was opened for another payment';
      return null;
    },

    async decide(pageId, secret, choice) {
      const row = await openPage(pageId, secret);
      if (!row) return null;
      const paid = choice.action === 'pay' ? await cardOf(row, choice) : null;
      const verdict = paid ? (paid.card ? verdictFor(paid.card) : { code: 'CARD_DECLINED' as const, reason: 'Unknown card' }) : null;
      const status = !paid ? 'canceled' : verdict ? 'declined' : 'approved';
      const transactionId = paid ? newTransactionId() : null;
      // The choice uses the secret up: of choices racing, only the one that clears it is taken.
      const [taken] = await db
        .update(cashierSandboxSessions)
        .set({ status, secretHash: null, transactionId, declineReason: verdict?.reason ?? null, decidedAt: new Date() })
        .where(
          and(
            eq(cashierSandboxSessions.id, pageId),
            eq(cashierSandboxSessions.secretHash, row.secretHash!),
            eq(cashierSandboxSessions.status, 'open'),
          ),
        )
        .returning();
      if (!taken) return null;
      if (!paid || !transactionId) return { redirect: row.backUrl, notification: null };
      const savedCard = status === 'approved' && paid.save && paid.card ? await keepCard(row.userTokenId, paid.card) : null;
      const body: CashierNotification = {
        transactionId,
        merchantUniqueId: row.clientUniqueId,
        transactionType: 'Sale',
        status: status === 'approved' ? 'APPROVED' : 'DECLINED',
        amountCents: row.amountCents,
        currency: row.currency,
        code: verdict?.code ?? null,
        reason: verdict?.reason ?? null,
        savedCard,
        timestamp: new Date().toISOString(),
      };
      return {
        redirect: status === 'approved' ? row.successUrl : row.errorUrl,
        notification: { body, signature: signCashierNotification(webhookSecret, body) },
      };
    },
  };
}
