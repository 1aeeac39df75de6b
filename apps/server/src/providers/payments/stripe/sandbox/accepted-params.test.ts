// Stripe refuses a parameter it does not know (a 400, code parameter_unknown, naming it); so must its
// sandbox, or a misspelt field would pass every test and fail on the first day with live keys. Asked with
// the `stripe` package itself, as the store asks. The refusal comes before any handler runs, so the
// sandbox behind this API is never reached (it is an empty object here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import type { AddressInfo } from 'node:net';
import { createStripeSandboxApi } from './api.ts';
import type { StripeSandbox } from './sandbox.ts';

describe('the Stripe sandbox refuses unknown parameters as Stripe does', () => {
  const apiKey = 'sk_test_sandbox_accepted_params';
  const server = createStripeSandboxApi({ sandbox: {} as StripeSandbox, apiKey });
  let client: Stripe;
  beforeAll(async () => {
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    client = new Stripe(apiKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => server.close());

  it('a top-level parameter of no such name', async () => {
    const call = client.paymentIntents.create({ amount: 500, currency: 'usd', payment_method_types: ['card'] } as never);
    await expect(call).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'payment_method_types',
      message: 'Received unknown parameter: payment_method_types',
    });
  });

  it("a misspelt key inside an object the store sends, named in Stripe's bracket form", async () => {
    const call = client.paymentMethods.create({
      type: 'card',
      card: { token: 'tok_x' },
      billing_details: { adress: { postal_code: '10001' } },
    } as never);
    await expect(call).rejects.toMatchObject({ code: 'parameter_unknown', param: 'billing_details[adress]' });
    const deeper = client.paymentMethods.create({ type: 'card', billing_details: { address: { zip: '10001' } } } as never);
    await expect(deeper).rejects.toMatchObject({ code: 'parameter_unknown', param: 'billing_details[address][zip]' });
  });

  it("a query parameter a GET does not take, and a refund's", async () => {
    await expect(client.paymentIntents.retrieve('pi_abcdefghijkl', { expnd: ['latest_charge'] } as never)).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'expnd',
    });
    await expect(client.refunds.create({ payment_intent: 'pi_abcdefghijkl', amount_cents: 100 } as never)).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'amount_cents',
    });
  });
});
