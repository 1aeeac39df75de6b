// The registry of payment providers (ADR 009): the provider a new payment of a method kind goes to, and
// the provider a payment row names, which is asked about that payment ever after (lookups, refunds,
// notifications). providers/payments/plugin.ts registers what the configuration enables.
import type { PaymentMethodKind } from '@store/shared';
import type { NotificationInput, PaymentNotification, PaymentProvider } from '@store/server-kit';

export interface PaymentProviders {
  /** Adds a provider. Refused: a name already registered, or a method kind another provider serves. */
  register(provider: PaymentProvider): void;
  /** The provider registered under the name a payment row records; undefined when none is. */
  get(name: string): PaymentProvider | undefined;
  /** The provider new payments of this method kind go to; undefined when no provider serves it. */
  forMethod(method: PaymentMethodKind): PaymentProvider | undefined;
  /** Whether the provider of this name takes its notifications at this webhook. */
  receivesAt(name: string, webhook: string): boolean;
  /** A notification that arrived at a webhook, verified by the provider(s) registered there; null when none vouches for it. */
  verifyNotification(webhook: string, input: NotificationInput): PaymentNotification | null;
  /** The registered providers' names, in the order they were registered. */
  names(): string[];
  /** A payment step's call to this provider answered (ok) or failed to (a fault: no answer, an error). */
  reportCall(name: string, ok: boolean): void;
  /** Whether this provider is in an outage: its last calls all failed, the last of them recently (card routing's fallback, issue 24). */
  inOutage(name: string): boolean;
}

/** Consecutive faults that make an outage: one lost answer is bad luck, three in a row is the provider. */
export const OUTAGE_AFTER_FAULTS = 3;
/**
 * How long an outage lasts after its last fault. Then the next payment goes to the provider again: an
 * answer ends the outage, one more fault starts it again at once.
 */
export const OUTAGE_MS = 5 * 60_000;

/** Per provider name, in this process: each instance judges the providers by the calls it made. */
function createHealth(now: () => number) {
  const faults = new Map<string, { count: number; lastAt: number }>();
  return {
    report(name: string, ok: boolean) {
      if (ok) faults.delete(name);
      else faults.set(name, { count: (faults.get(name)?.count ?? 0) + 1, lastAt: now() });
    },
    inOutage(name: string) {
      const seen = faults.get(name);
      return seen !== undefined && seen.count >= OUTAGE_AFTER_FAULTS && now() - seen.lastAt < OUTAGE_MS;
    },
  };
}

export function createPaymentProviders(initial: readonly PaymentProvider[] = [], now: () => number = Date.now): PaymentProviders {
  const byName = new Map<string, PaymentProvider>();
  const health = createHealth(now);
  const byMethod = new Map<PaymentMethodKind, PaymentProvider>();
  const registry: PaymentProviders = {
    register(provider) {
      if (byName.has(provider.name)) throw new Error(`A payment provider named '${provider.name}' is already registered.`);
      for (const method of provider.methods) {
        const serving = byMethod.get(method);
        if (serving) throw new Error(`Payment method '${method}' is already served by '${serving.name}' (one provider a method kind).`);
      }
      byName.set(provider.name, provider);
      for (const method of provider.methods) byMethod.set(method, provider);
    },
    get: (name) => byName.get(name),
    forMethod: (method) => byMethod.get(method),
    receivesAt: (name, webhook) => byName.get(name)?.webhook === webhook,
    verifyNotification(webhook, input) {
      for (const provider of byName.values()) {
        if (provider.webhook !== webhook) continue;
        const notification = provider.verifyNotification(input);
        if (notification) return notification;
      }
      return null;
    },
    names: () => [...byName.keys()],
    reportCall: health.report,
    inOutage: health.inOutage,
  };
  for (const provider of initial) registry.register(provider);
  return registry;
}
