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
}

export function createPaymentProviders(initial: readonly PaymentProvider[] = []): PaymentProviders {
  const byName = new Map<string, PaymentProvider>();
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
  };
  for (const provider of initial) registry.register(provider);
  return registry;
}
