// The Stripe sandbox's customers: the store makes one a shopper (gateway.ts customerFor) and keeps its
// payment methods, PaymentIntents and setups under it. Other parts of the sandbox check a `customer`
// parameter here, so an unknown one is refused the same way everywhere.
import { missing } from './errors.ts';
import { newStripeId, unixNow, type Book, type StripeJson } from './book.ts';
import type { FormObject } from './form.ts';
import { metadataOf, str } from './params.ts';

export type Customers = ReturnType<typeof createCustomers>;

export function createCustomers(book: Book) {
  /** The customer of that id; null when none was given; a 404 naming `param` when there is no such customer. */
  async function customerOrThrow(id: string | undefined, param = 'customer'): Promise<StripeJson | null> {
    if (!id) return null;
    const found = await book.get(id, 'customer');
    if (!found) throw missing(id, param);
    return found.data;
  }

  return {
    customerOrThrow,

    async createCustomer(body: FormObject) {
      return book.insert({
        id: newStripeId('cus'),
        object: 'customer',
        email: str(body.email) ?? null,
        name: str(body.name) ?? null,
        description: str(body.description) ?? null,
        metadata: metadataOf(body.metadata),
        created: unixNow(),
        livemode: false,
      });
    },

    retrieveCustomer: async (id: string) => (await customerOrThrow(id, 'id'))!,
  };
}
