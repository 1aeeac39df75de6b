// What the parts of the checkout host's service share: the options the app gives the service, and the context
// object every part (sessions, card, bank, USDC, reconcile, refunds) is built from. Only types and small helpers
// live here so that the parts never import service.ts, which imports them.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.ts';
import type { AttemptCounters } from '@store/server-kit';
import type { ChainRegistry } from './chains/index.ts';
import type { BankAccountProvider } from '@store/server-kit';
import type { PaymentProvider } from '@store/server-kit';
import type { FraudCheckOptions, FraudProvider } from './fraud/index.ts';
import type { HostCardLimits, HostCardLimitsConfig } from './card-limits.ts';
import type { FraudGate } from './fraud-gate.ts';
import type { Decide } from './decision.ts';
import type { CardTokenState } from '@store/server-kit';
import type * as repo from './repository.ts';

export interface CheckoutHostServiceOptions {
  db: Db;
  log: FastifyBaseLogger;
  secret: Buffer;
  chains: ChainRegistry;
  /** The card payment provider of the app (read per payment: the registry fills after this plugin). */
  cardProvider: () => PaymentProvider | undefined;
  /** The store's bank-account (ACH) provider, read per payment like the card provider; ACH is offered only when it is one. */
  bankProvider?: () => PaymentProvider | undefined;
  /** Absolute base for a provider's relative challenge URL (the store's origin). */
  providerPageBase: string;
  /** The host's own public origin (its 3-D Secure return page is there); known once it listens. */
  hostOrigin: () => string;
  /** Webhook events were committed: deliver soon. */
  onEvent: () => void;
  transferWaitMs?: number;
  /** Where card attempts are counted (the app's counters: Redis or memory), and the host's limits (ADR 031). */
  counters: AttemptCounters;
  cardLimits: HostCardLimitsConfig;
  /** The card vault's view of a card token (ADR 032): an expired one is refused with a clear 400 before the session is touched. */
  cardTokens?: { cardTokenState(token: string): Promise<CardTokenState> };
  /** The fraud check asked before every payment (ADR 045); null: none (production has no real provider yet). */
  fraudProvider: FraudProvider | null;
  /** Its time limit and what a failed or late check means (CHECKOUT_FRAUD_TIMEOUT_MS, CHECKOUT_FRAUD_ON_FAILURE). */
  fraudCheck: FraudCheckOptions;
}

/** What every part of the service is built from. */
export interface CheckoutHostContext {
  db: Db;
  log: FastifyBaseLogger;
  secret: Buffer;
  chains: ChainRegistry;
  /** The card payment provider, read per payment. */
  cardProvider: () => PaymentProvider | undefined;
  /** The store's provider when it is a bank-account (ACH) one, read per payment. */
  bankProvider: () => BankAccountProvider | undefined;
  /** Absolute base for a provider's relative challenge URL (the store's origin). */
  providerPageBase: string;
  /** The host's own public origin. */
  hostOrigin: () => string;
  /** Webhook events were committed: deliver soon. */
  onEvent: () => void;
  /** How long a request waits for a chain transfer to confirm. */
  transferWaitMs: number;
  /** The host's own card-attempt limits and its merchants' holds (card-limits.ts). */
  cardLimits: HostCardLimits;
  cardTokens?: CheckoutHostServiceOptions['cardTokens'];
  fraudProvider: FraudProvider | null;
  fraudCheck: FraudCheckOptions;
  decide: Decide;
  /** Checks each payment before a provider or a chain is asked (fraud-gate.ts). */
  fraud: FraudGate;
}

/** The host's customer as a payment provider knows it (cards and bank accounts belong to it). */
export const hostCustomerId = (session: repo.SessionRow) => `checkout:${session.merchantId}:${session.customerId}`;
