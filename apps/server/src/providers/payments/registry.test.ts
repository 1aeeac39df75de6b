// The registry of payment providers (ADR 009): one provider a method kind, one a name; notifications
// are verified only by the providers registered at the webhook they arrived at.
import { describe, expect, it } from 'vitest';
import { createPaymentProviders } from './registry.ts';
import type { PaymentMethodKind, PaymentNotification, PaymentProvider } from '@store/server-kit';

function provider(name: string, methods: PaymentMethodKind[], webhook: string, vouches: string | null = null): PaymentProvider {
  const notCalled = () => Promise.reject(new Error('not called'));
  return {
    name,
    methods,
    webhook,
    start: notCalled,
    confirm: notCalled,
    lookup: notCalled,
    refund: notCalled,
    // Vouches for a notification whose body names it.
    verifyNotification: ({ body }): PaymentNotification | null =>
      vouches && (body as { by?: string }).by === vouches
        ? {
            status: 'declined',
            transactionId: `t-${name}`,
            paymentId: 'p-1',
            event: 'Sale',
            charge: true,
            amountCents: 100,
            currency: 'USD',
            code: 'CARD_DECLINED',
            reason: name,
          }
        : null,
  };
}

describe('payment provider registry', () => {
  it('finds a provider by the name a row records and by the method kinds it serves; nothing for the rest', () => {
    const card = provider('nuvei-sandbox', ['card', 'saved_card'], 'nuvei');
    const retired = provider('old-gateway', [], 'old');
    const providers = createPaymentProviders([card, retired]);
    expect(providers.names()).toEqual(['nuvei-sandbox', 'old-gateway']);
    expect(providers.get('nuvei-sandbox')).toBe(card);
    expect(providers.get('old-gateway')).toBe(retired);
    expect(providers.get('nuvei')).toBeUndefined();
    expect(providers.forMethod('card')).toBe(card);
    expect(providers.forMethod('saved_card')).toBe(card);
    for (const method of ['bank_account', 'cashier', 'stripe_card', 'cash_app', 'square_card'] as const) {
      expect(providers.forMethod(method)).toBeUndefined();
    }
  });

  it('refuses a second provider of the same name, or one for a method kind already served, and keeps what it had', () => {
    const card = provider('nuvei-sandbox', ['card', 'saved_card'], 'nuvei');
    const providers = createPaymentProviders([card]);
    expect(() => providers.register(provider('nuvei-sandbox', ['cash_app'], 'nuvei'))).toThrow(/already registered/);
    expect(() => providers.register(provider('stripe', ['stripe_card', 'card'], 'stripe'))).toThrow(
      /'card' is already served by 'nuvei-sandbox'/,
    );
    expect(providers.names()).toEqual(['nuvei-sandbox']);
    expect(providers.forMethod('stripe_card')).toBeUndefined();
    expect(providers.forMethod('cash_app')).toBeUndefined();
    const stripe = provider('stripe', ['stripe_card', 'cash_app'], 'stripe');
    providers.register(stripe);
    expect(providers.forMethod('cash_app')).toBe(stripe);
  });

  it('verifies a notification only by the providers of the webhook it arrived at', () => {
    const providers = createPaymentProviders([
      provider('nuvei', ['card', 'saved_card'], 'nuvei', 'nuvei'),
      provider('nuvei-ach', ['bank_account'], 'nuvei', 'nuvei-ach'),
      provider('stripe', ['stripe_card'], 'stripe', 'stripe'),
    ]);
    const at = (webhook: string, by: string) => providers.verifyNotification(webhook, { body: { by }, query: {}, headers: {} });
    expect(at('nuvei', 'nuvei')).toMatchObject({ reason: 'nuvei' });
    expect(at('nuvei', 'nuvei-ach')).toMatchObject({ reason: 'nuvei-ach' });
    expect(at('nuvei', 'stripe')).toBeNull();
    expect(at('stripe', 'stripe')).toMatchObject({ reason: 'stripe' });
    expect(at('square', 'stripe')).toBeNull();
    expect(providers.receivesAt('nuvei-ach', 'nuvei')).toBe(true);
    expect(providers.receivesAt('stripe', 'nuvei')).toBe(false);
    expect(providers.receivesAt('unknown', 'nuvei')).toBe(false);
  });
});
