// The payments core as a provider family sees it (issue 22, ADR 044): a port. modules/payments
// implements it (modules/payments/core-port.ts) and hands it to each family's routes and pages, so a
// family's store-side code (its routes, services, repositories) records attempts, approvals, webhook
// events and card attempts through the core without importing modules/ (plumbing imports no module,
// ADR 007) and without a cycle (the core imports the families through nothing but the registry and
// this file). Also the shape of a provider family: what providers/payments/plugin.ts registers.
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Order, OrderStatus, SavedCard } from '@store/shared';
import type { Wake } from '../../background/work.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { payments } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { CardTokenState } from '@store/server-kit';
import type { PaymentProviders } from './registry.ts';
import type {
  Payer,
  PaymentMethodKind,
  PaymentNotification,
  PaymentProvider,
  PaymentSource,
  ProviderCard,
  ShopperAction,
  VerifiedWebhookEvent,
} from '@store/server-kit';

export const PAYMENT_METHOD_UNAVAILABLE = 'PAYMENT_METHOD_UNAVAILABLE';
/** 400 PAYMENT_METHOD_UNAVAILABLE: the method kind (or the capability a call needs) is served by no registered provider. */
export const methodUnavailable = () => new AppError(400, PAYMENT_METHOD_UNAVAILABLE, 'This payment method is not available.');

// --- Card attempts (ADR 031): the core counts them; a family's route admits one and reports declines.

/** Whose attempts: the shopper, and the address the request came from (null when no request is known). */
export interface CardAttemptsWho {
  userId: string;
  address: string | null;
}

/** One shopper's attempts: admitted once before the provider, and told when the provider declined. */
export interface CardAttempts {
  readonly who: CardAttemptsWho;
  /** Counts the attempt; 429 CARD_ATTEMPTS_LIMITED (Retry-After set) when the shopper or the address is over its limit. */
  admit(reply: FastifyReply): Promise<void>;
  /**
   * A decline: by default the rest of the weight of an attempt admitted before (DECLINE_WEIGHT - 1); a
   * decline of an attempt never admitted here weighs DECLINE_WEIGHT. Never throws (the shopper still hears of the decline).
   */
  declined(weight?: number): Promise<void>;
}

export interface CardAttemptLimits {
  of(who: CardAttemptsWho): CardAttempts;
}

// --- What a payments service is handed.

export interface PaymentsDeps {
  db: Db;
  /** The registry (ADR 009): a new payment's provider by its method kind, a recorded payment's by its row. */
  providers: PaymentProviders;
  log: FastifyBaseLogger;
  /** The shopper's card attempts, when a shopper's request is being served (declines weigh more). */
  attempts?: CardAttempts;
  /** The card-attempt limits, for declines a provider reports after the request (notifications, lookups; ADR 031). */
  cardLimits?: CardAttemptLimits;
  /** The background runner, woken by the fulfilment an approval leads to. */
  wake: Wake;
  /**
   * The card vault's view of a card token (ADR 032), so a shopper's request with a token that ran out gets
   * a clear 400 before anything is written or sent. The routes give it; background work never starts with
   * a fresh token. Without it an expired token still reaches no provider (the vault reads it as unknown).
   */
  cardTokens?: { cardTokenState(token: string): Promise<CardTokenState> };
  /** The pay-an-order workflow (workflows/pay-order, issue 25): every approval is recorded and fulfilled through it. */
  payOrder: PayOrderPort;
}

/** What a provider answered when it approved a payment. */
export interface ProviderApproval {
  transactionId: string;
  threeDVersion?: string | null;
  /** The card as the provider reports it; null when it did not say (a lookup, some notifications). */
  card: ProviderCard | null;
}

/**
 * The pay-an-order workflow as payments reaches it (issue 25). The workflow (workflows/pay-order) owns the
 * transactions that span modules: it calls checkout, payments, fulfilment, coupons, cart and the ledger
 * in order, and none of them hands another a transaction through a callback. app.ts decorates the app
 * with it (app.payOrder), so payments, which the workflow uses, never imports it.
 */
export interface PayOrderPort {
  /**
   * Before any charge, in one transaction with the order locked: the order must be the shopper's (404) and
   * pending (409 ORDER_STATE) and not paid (409); its gift-card codes and coupon use are reserved (409 when
   * sold out or used up, and the order fails); then `attempt`, when given, is recorded for the order's total
   * (409 when another attempt is in flight). Returns the order as the shopper sees it.
   */
  beginAttempt(deps: PaymentsDeps, userId: string, orderId: string, attempt?: NewAttempt): Promise<Order>;
  /**
   * Takes the attempt for its next provider call ('confirm': step 2; 'challenge': the final payment after a
   * 3-D Secure challenge) with its order locked: 404 / 409 ORDER_STATE when the order is not the shopper's
   * or no longer pending; undefined when another request took it.
   */
  claimAttempt(
    deps: PaymentsDeps,
    userId: string,
    payment: PaymentRecord,
    step: 'confirm' | 'challenge',
  ): Promise<PaymentRecord | undefined>;
  /**
   * The approval with the order's move to 'paid' (one transaction), then the card kept when the shopper
   * asked, then fulfilment. 409 ORDER_STATE when the order cannot take it (the approval still recorded).
   */
  recordApproval(
    deps: PaymentsDeps,
    payment: PaymentRecord,
    approval: ProviderApproval,
  ): Promise<{ card?: SavedCard; orderStatus: OrderStatus }>;
  /**
   * The order's money went back (an admin's refund, a provider's refund or bank return): in one transaction
   * with the order locked, what it granted is taken back (its coins through the ledger, its redeemed codes'
   * coins), payments records `record`, and the order becomes refunded with `reason`. `reversed` is false,
   * and nothing changed, when it was refunded already.
   */
  reverseOrder(
    deps: Pick<PaymentsDeps, 'db' | 'wake'>,
    orderId: string,
    reason: string,
    record?: PaymentReversalRecord,
  ): Promise<{ reversed: boolean; reversedCoins: number }>;
  /**
   * A payment of the order failed (declined, or a bank payment returned before it settled): a pending
   * order fails with `reason` and gives back what it held; any other order stays as it is. Returns its status.
   */
  failOrder(db: Db, orderId: string, reason: string): Promise<OrderStatus>;
  /**
   * An admin's refund, step 1 (ADR 026): with the order locked, the approved payment that paid it moves to
   * 'refunding'. 404 when there is no such order; 409 when it is not paid or fulfilled, is refunded, or a
   * refund of it is in progress.
   */
  claimRefund(db: Db, orderId: string, now: number): Promise<RefundClaim>;
  /** The order as checkout records it; undefined when there is none. */
  findOrder(db: Db, orderId: string): Promise<OrderRecord | undefined>;
  /** The shopper's orders as they see them, newest first, less those in the statuses named. */
  listOrdersOf(db: Db, userId: string, filter: { excluding: OrderStatus[] }): Promise<Order[]>;
}

/** An order's payment claimed for an admin's refund (PayOrderPort.claimRefund). */
export interface RefundClaim {
  /** The order's status when it was claimed: 'paid' or 'fulfilled'. */
  orderState: OrderStatus;
  payment: PaymentRecord;
  /** A claim left by a provider call that failed, taken over: the provider is asked first whether it refunded. */
  takenOver: boolean;
}

/** What payments records, in a reversal's transaction, of why an order's money went back. */
export type PaymentReversalRecord =
  | {
      kind: 'store-refund';
      paymentId: string;
      /** The admin's audit entry; its `after` gains the coins taken back. */
      audit: {
        actorId: string;
        action: string;
        targetType: string;
        targetId: string;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      };
    }
  | { kind: 'provider-reversal'; paymentId: string; userId: string; reason: string; bankReturn: boolean };

/** A new attempt as payments writes it; the workflow adds the order and its total. */
export type NewAttempt = Omit<typeof payments.$inferInsert, 'orderId' | 'amountCents'>;

/** What a family's service is handed: the core's deps and the core itself. */
export interface FamilyDeps extends PaymentsDeps {
  core: PaymentsCore;
}

/** A payment attempt's row (the core owns the table; a family reads it through the core). */
export type PaymentRecord = typeof payments.$inferSelect;

/** What a step came to, for the route to answer with (a decline has already answered 402). */
export type StepResult =
  | { status: 'approved'; transactionId: string; threeDVersion: string | null; card?: SavedCard; orderStatus: OrderStatus }
  | { status: 'pending'; transactionId: string; orderStatus: 'pending' }
  | { status: 'action'; transactionId: string; action: ShopperAction; orderStatus: 'pending' };

export interface StartInput {
  userId: string;
  orderId: string;
  source: PaymentSource;
  /** Keep the card once the payment is approved. */
  saveCard: boolean;
  /** The shopper's IP address, when a shopper's request is being served (the payer's, ADR 039). */
  clientIp?: string;
}

/** The one claim of a provider's webhook event (ADR 036): this request handles it, or a replay, or one being handled. */
export type WebhookClaim = 'claimed' | 'processing' | 'done';

/**
 * How a family answers what happens to a verified webhook event after its claim (ADR 036, 044); the families
 * differ, and their providers retry on their own terms.
 */
export interface WebhookEventPolicy {
  /**
   * A delivery of an event another request is handling right now: 'conflict' answers 409 (the provider
   * delivers it again; Square, the embedded checkout), 'replay' takes it as a replay (Stripe).
   */
  whileProcessing: 'conflict' | 'replay';
  /**
   * Handling failed. 'release' (Square, the embedded checkout): the claim goes on any failure, so the next
   * delivery is taken afresh. 'keep-refusals' (Stripe): released only when the failure is not an AppError or
   * is a 404 (the payment's answer not recorded yet); a refusal (an approval the order could not take) is
   * logged and the event kept as handled, so the provider need not retry it.
   */
  onFailure: 'release' | 'keep-refusals';
}

/** What became of a verified webhook event: handled (a notification or a card decline taken), ignored (nothing of ours), a replay. */
export type WebhookEventResult = 'handled' | 'ignored' | 'replay';

/** An order as a family sees it (its state and owner; the core's checkout owns it). */
export interface OrderRecord {
  id: string;
  userId: string;
  status: OrderStatus;
  totalCents: number;
  paymentId: string | null;
}

/**
 * The payments core, as it is handed to a family's routes and pages. Every call is the core's one way of
 * doing it (ADR 009): a family adds its API's shape around them, nothing more.
 */
export interface PaymentsCore {
  /** The deps of a request's services (the card-attempt limits and the vault's token check included). */
  deps(log: FastifyBaseLogger, attempts?: CardAttempts): FamilyDeps;
  /** The request's card attempts, by the signed-in shopper and the caller's address. */
  cardAttempts(request: FastifyRequest): CardAttempts;
  /** What a decline weighs (a decline the provider reports of a session opened earlier). */
  readonly declineWeight: number;
  /** The core's messages a family answers with too: a payment of the order in flight (409), a saved card not the shopper's (404). */
  readonly messages: { paymentInProgress: string; cardNotFound: string };

  // Payment steps (modules/payments/core.ts, reconcile.ts, notifications.ts).
  /** Starts the order's payment with the provider of the source's method kind (ADR 005: one in flight). */
  startPayment(deps: PaymentsDeps, input: StartInput): Promise<StepResult>;
  /** Asks the row's provider what became of an attempt in flight and records it. */
  reconcileInFlight(deps: PaymentsDeps, payment: PaymentRecord): Promise<void>;
  /** A verified notification (approval, decline, reversal) recorded once for every provider. */
  handleNotification(deps: PaymentsDeps, webhook: string, notification: PaymentNotification): Promise<void>;
  /** 403 unless the shopper's state and the purchase settings allow the method kind. */
  assertMayPay(deps: Pick<PaymentsDeps, 'db'>, userId: string, method: PaymentMethodKind): Promise<void>;
  /** The payer from the shopper's profile; 422 PAYER_DETAILS_REQUIRED naming the missing field. */
  requirePayer(db: Db, userId: string, requestIp?: string): Promise<Payer>;
  /** 400 CARD_TOKEN_EXPIRED naming `field` when the vault says the token ran out. */
  assertCardTokenUsable(deps: Pick<PaymentsDeps, 'cardTokens'>, token: string, field?: string): Promise<void>;
  /** A provider call whose fault is not the shopper's: a clear 502, details only in our log. */
  callProvider<T>(log: FastifyBaseLogger, step: string, fn: () => Promise<T>): Promise<T>;
  /** The provider new payments of this kind go to; 400 PAYMENT_METHOD_UNAVAILABLE when none serves it. */
  providerFor(deps: Pick<PaymentsDeps, 'providers'>, method: PaymentMethodKind): PaymentProvider;
  /** The row's provider for a shopper's next step; 400 PAYMENT_METHOD_UNAVAILABLE when it is no longer registered. */
  providerToContinue(deps: Pick<PaymentsDeps, 'providers' | 'log'>, payment: { id: string; provider: string }): PaymentProvider;

  // Payment rows.
  findPayment(db: Db, id: string): Promise<PaymentRecord | undefined>;
  findPaymentByTransaction(db: Db, transactionId: string): Promise<PaymentRecord | undefined>;
  hasApprovedPayment(db: Db | Tx, orderId: string): Promise<boolean>;
  /** Whether a bank return flagged the shopper (ADR 011): no more bank payments. */
  isAccountFlagged(db: Db, userId: string): Promise<boolean>;

  // The one webhook-event claim (ADR 036).
  claimWebhookEvent(db: Db | Tx, provider: string, eventId: string, type: string, now?: Date): Promise<WebhookClaim>;
  finishWebhookEvent(db: Db | Tx, provider: string, eventId: string): Promise<void>;
  releaseWebhookEvent(db: Db | Tx, provider: string, eventId: string): Promise<void>;
  /**
   * A verified event of the provider's webhook (its parseWebhook's answer), taken once: claimed under
   * (provider.webhook, event id); then its notification handled (handleNotification) or its card decline
   * counted, and the claim finished, or released or kept per the family's policy. A replay of an event
   * already handled changes nothing ('replay').
   */
  takeWebhookEvent(
    deps: PaymentsDeps,
    provider: PaymentProvider,
    event: VerifiedWebhookEvent,
    policy: WebhookEventPolicy,
    now?: Date,
  ): Promise<WebhookEventResult>;

  // The store beyond payments, as the payments module may read it (settings, user; ADR 007). Orders are
  // read through the pay-an-order workflow (deps.payOrder), as checkout asks payments (ADR 057).
  /** The distributors' (game providers') keys of the store's settings, by distributor. */
  distributorKeys(db: Db): Promise<Record<string, string>>;
  /** The shopper's name as their account has it ('' when none). */
  accountName(db: Db, userId: string): Promise<string>;
  /** The shopper's e-mail, names and billing address as their profile has them ('' where empty), for a checkout to prefill. */
  billingDetails(db: Db, userId: string): Promise<ShopperBillingDetails | undefined>;
}

/** A shopper's profile as a checkout may prefill it; every field trimmed, '' when the profile lacks it. */
export interface ShopperBillingDetails {
  email: string;
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  /** Upper case; as the shopper typed it (a checkout checks it is ISO 3166-1 alpha-2 before use). */
  country: string;
}

// --- A provider family (ADR 044): one folder, one registration line in providers/payments/plugin.ts.

/** Origins the store's pages must allow for a family's scripts, frames and calls in the browser (CSP). */
export interface PageOrigins {
  script?: string[];
  frame?: string[];
  connect?: string[];
}

export interface PaymentFamily {
  /** The family's name ('nuvei', 'stripe', 'square', 'coinflow'). */
  readonly name: string;
  /**
   * Registers the family's providers (the real clients when configured, else their sandboxes) in
   * app.paymentProviders, with their sandboxes' pages and the family's decorators.
   */
  register(app: FastifyInstance): Promise<void>;
  /** The family's API routes (mounted under /api by the payments module), given the core. */
  routes?(core: PaymentsCore): FastifyPluginAsync;
  /** The family's pages outside /api (mounted by app.ts through the payments module), given the core. */
  pages?(core: PaymentsCore): FastifyPluginAsync;
  /** What the store's pages must allow for it, by configuration (read once, when the app is built). */
  pageOrigins?(config: Config): PageOrigins;
  /** Origins the card vault may relay card data to (ADR 010), by configuration. */
  vaultRelayDestinations?(config: Config): string[];
}
