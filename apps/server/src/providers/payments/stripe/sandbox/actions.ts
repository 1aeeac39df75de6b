// The pages' side of the Stripe sandbox (pages.ts): a waiting intent found by its page's secret, and
// the shopper's answer on the page (3-D Secure completed or failed, Cash App authorised or declined)
// applied once. The event is delivered before the browser is sent back, so the store knows first; the
// browser goes back to the intent's return_url with Stripe's query parameters.
import { randomBytes } from 'node:crypto';
import type { Book, StripeJson } from './book.ts';
import type { Emit } from './events.ts';
import { secretMatches } from './next-actions.ts';
import type { PaymentIntents } from './payment-intents.ts';
import type { PaymentMethods } from './payment-methods.ts';

/** A waiting intent's page, as the page shows it. */
export interface SandboxAction {
  kind: '3ds' | 'cashapp';
  intent: 'payment_intent' | 'setup_intent';
  amount: number | null;
  currency: string | null;
}

export interface ActionDeps {
  book: Book;
  emit: Emit;
  methods: PaymentMethods;
  intents: PaymentIntents;
}

export function createActions({ book, emit, methods, intents }: ActionDeps) {
  async function waitingIntent(id: string) {
    const object = id.startsWith('seti_') ? 'setup_intent' : id.startsWith('pi_') ? 'payment_intent' : null;
    if (!object) return null;
    const found = await book.get(id, object);
    return found ? { object: object as SandboxAction['intent'], ...found } : null;
  }

  /** Where the shopper's browser goes back to, with Stripe's query parameters. */
  function returnTo(intent: StripeJson, object: SandboxAction['intent'], status: 'succeeded' | 'failed'): string {
    const url = (intent.return_url as string | null) ?? '/';
    const params = new URLSearchParams({
      [object]: intent.id,
      [`${object}_client_secret`]: intent.client_secret as string,
      redirect_status: status,
    });
    return `${url}${url.includes('?') ? '&' : '?'}${params}`;
  }

  return {
    /** The page of a waiting intent, only with its secret and while it waits. */
    async findAction(id: string, secret: string): Promise<SandboxAction | null> {
      const found = await waitingIntent(id);
      if (!found || found.data.status !== 'requires_action' || !secretMatches(found.private.actionSecretHash, secret)) return null;
      return {
        kind: found.private.kind === '3ds' ? '3ds' : 'cashapp',
        intent: found.object,
        amount: found.object === 'payment_intent' ? (found.data.amount as number) : null,
        currency: found.object === 'payment_intent' ? (found.data.currency as string) : null,
      };
    },

    /**
     * The shopper's answer on a page, taken once (the secret is used up). The event is delivered before
     * this returns, so the store knows before the browser is back. Returns where the browser goes; null
     * for a wrong or used secret.
     */
    async decideAction(id: string, secret: string, approve: boolean): Promise<string | null> {
      const found = await waitingIntent(id);
      if (!found || found.data.status !== 'requires_action' || !secretMatches(found.private.actionSecretHash, secret)) return null;
      const priv = { ...found.private, actionSecretHash: null };
      if (found.object === 'setup_intent') {
        const seti = found.data;
        const decided: StripeJson = approve
          ? { ...seti, status: 'succeeded', next_action: null }
          : {
              ...seti,
              status: 'requires_payment_method',
              next_action: null,
              last_setup_error: {
                type: 'invalid_request_error',
                code: 'payment_method_provider_decline',
                message: 'The Cash App Pay setup was declined.',
              },
            };
        if (!(await book.replace(decided, priv, { status: 'requires_action' }))) return null;
        if (approve) {
          // Authorised: the Cash App account is the customer's from now on, for later payments.
          const pm = await methods.paymentMethod(seti.payment_method as string);
          const tag = randomBytes(2).toString('hex');
          const authorised = { ...pm.data, customer: seti.customer, cashapp: { buyer_id: `2023${tag}`, cashtag: `$sandbox${tag}` } };
          await book.replace(authorised, { ...pm.private, authorized: true }, {});
        }
        await emit(approve ? 'setup_intent.succeeded' : 'setup_intent.setup_failed', decided, true);
        return returnTo(decided, 'setup_intent', approve ? 'succeeded' : 'failed');
      }
      const pi = found.data;
      const decided = approve
        ? await intents.succeeded(pi)
        : intents.failed(
            pi,
            found.private.kind === '3ds'
              ? {
                  type: 'invalid_request_error',
                  code: 'payment_intent_authentication_failure',
                  message: 'The provided PaymentMethod has failed authentication.',
                }
              : { type: 'card_error', code: 'payment_method_provider_decline', message: 'The Cash App Pay payment was declined.' },
          );
      if (!(await book.replace(decided, priv, { status: 'requires_action' }))) return null;
      await emit(approve ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', decided, true);
      return returnTo(decided, 'payment_intent', approve ? 'succeeded' : 'failed');
    },
  };
}
