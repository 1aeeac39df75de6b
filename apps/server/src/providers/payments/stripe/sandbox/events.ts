// The Stripe sandbox's events: every change Stripe would announce is kept in the book as an Event (so
// the store can retrieve it, as it can at Stripe) and handed to `deliver`, which signs it as Stripe
// signs and sends it to our webhook (plugin.ts). A shopper's decision on a page waits for the delivery,
// so the store knows before the browser is back; an API call does not.
import { missing } from './errors.ts';
import { newStripeId, unixNow, type Book, type StripeJson } from './book.ts';

export const SANDBOX_API_VERSION = 'sandbox';

/** Keeps an event of that type about the object and delivers it; with `wait`, resolves once it was answered. */
export type Emit = (type: string, object: StripeJson, wait: boolean) => Promise<void>;

export function createEvents(book: Book, deliver: (event: StripeJson) => Promise<void>) {
  const emit: Emit = async (type, object, wait) => {
    const event = await book.insert({
      id: newStripeId('evt'),
      object: 'event',
      api_version: SANDBOX_API_VERSION,
      created: unixNow(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const sending = deliver(event);
    if (wait) await sending;
  };

  async function retrieveEvent(id: string) {
    const found = await book.get(id, 'event');
    if (!found) throw missing(id);
    return found.data;
  }

  return { emit, retrieveEvent };
}
