// The Stripe sandbox's HTTP API on its own loopback port (the `stripe` client is pointed at it with its
// host/port/protocol options; it always asks for /v1/…). Speaks what Stripe speaks: form-encoded
// bodies, the secret key as a bearer token, JSON objects and Stripe's error envelope, Idempotency-Key
// honoured (the same key and request answer the first answer again; another request with it is a 400,
// a request with it still running a 409), a Request-Id on every answer.
import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ACCEPTED, refuseUnknownParams, type ParamSpec } from './accepted-params.ts';
import { FormError, parseStripeForm, type FormObject } from './form.ts';
import { StripeSandboxError, type StripeSandbox } from './sandbox.ts';

type Handler = (params: string[], body: FormObject, query: FormObject) => Promise<unknown>;
interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  /** The parameters the call accepts (in the body of a POST, the query of a GET or DELETE). */
  accepts: ParamSpec;
  handler: Handler;
}

const ID = '([A-Za-z0-9_]{3,100})';

function routes(sandbox: StripeSandbox): Route[] {
  const expandOf = (query: FormObject) =>
    Array.isArray(query.expand) ? query.expand.filter((e): e is string => typeof e === 'string') : [];
  const r = (method: Route['method'], path: string, accepts: ParamSpec, handler: Handler): Route => ({
    method,
    path: new RegExp(`^${path}$`),
    accepts,
    handler,
  });
  return [
    r('POST', '/v1/customers', ACCEPTED.createCustomer, (_, body) => sandbox.createCustomer(body)),
    r('GET', `/v1/customers/${ID}`, ACCEPTED.retrieve, ([id]) => sandbox.retrieveCustomer(id!)),
    r('GET', `/v1/customers/${ID}/payment_methods`, ACCEPTED.listPaymentMethods, ([id], _, query) =>
      sandbox.listPaymentMethods(id!, query),
    ),
    r('POST', '/v1/payment_methods', ACCEPTED.createPaymentMethod, (_, body) => sandbox.createPaymentMethod(body)),
    r('GET', `/v1/payment_methods/${ID}`, ACCEPTED.retrieve, ([id]) => sandbox.retrievePaymentMethod(id!)),
    r('POST', `/v1/payment_methods/${ID}/attach`, ACCEPTED.attach, ([id], body) => sandbox.attach(id!, body)),
    r('POST', `/v1/payment_methods/${ID}/detach`, ACCEPTED.detach, ([id]) => sandbox.detach(id!)),
    r('POST', '/v1/payment_intents', ACCEPTED.createPaymentIntent, (_, body) => sandbox.createPaymentIntent(body)),
    r('GET', '/v1/payment_intents/search', ACCEPTED.searchPaymentIntents, (_, __, query) =>
      sandbox.searchPaymentIntents(typeof query.query === 'string' ? query.query : undefined),
    ),
    r('GET', `/v1/payment_intents/${ID}`, ACCEPTED.retrieveIntent, ([id], _, query) => sandbox.retrievePaymentIntent(id!, expandOf(query))),
    r('POST', `/v1/payment_intents/${ID}/confirm`, ACCEPTED.confirmPaymentIntent, ([id]) => sandbox.confirmPaymentIntent(id!)),
    r('POST', '/v1/refunds', ACCEPTED.createRefund, (_, body) => sandbox.createRefund(body)),
    r('POST', '/v1/setup_intents', ACCEPTED.createSetupIntent, (_, body) => sandbox.createSetupIntent(body)),
    r('GET', `/v1/setup_intents/${ID}`, ACCEPTED.retrieveIntent, ([id]) => sandbox.retrieveSetupIntent(id!)),
    r('GET', `/v1/events/${ID}`, ACCEPTED.retrieve, ([id]) => sandbox.retrieveEvent(id!)),
  ];
}

const errorBody = (error: Record<string, unknown>) => ({ error });

export interface SandboxApiOptions {
  sandbox: StripeSandbox;
  /** The secret key the client must present (sk_test_…, made per process). */
  apiKey: string;
  log?: FastifyInstance['log'];
}

/** A Fastify instance serving the sandbox's API; the caller listens on 127.0.0.1 and closes it. */
export function createStripeSandboxApi({ sandbox, apiKey }: SandboxApiOptions): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  const table = routes(sandbox);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    reply.header('request-id', `req_${randomBytes(8).toString('hex')}`).header('stripe-version', 'sandbox');
    const send = (status: number, body: unknown) => reply.status(status).type('application/json').send(JSON.stringify(body));
    if (request.headers.authorization !== `Bearer ${apiKey}`)
      return send(401, errorBody({ type: 'invalid_request_error', message: 'Invalid API Key provided.' }));
    const [path = '', queryText = ''] = request.url.split('?', 2);
    const method = request.method as Route['method'];
    let match: RegExpExecArray | null = null;
    const route = table.find((entry) => entry.method === method && (match = entry.path.exec(path)) !== null);
    if (!route || !match)
      return send(
        404,
        errorBody({ type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path.slice(0, 100)}).` }),
      );
    const params = (match as RegExpExecArray).slice(1);
    let body: FormObject;
    let query: FormObject;
    try {
      body = parseStripeForm(typeof request.body === 'string' ? request.body : '');
      query = parseStripeForm(queryText);
    } catch (err) {
      return send(400, errorBody({ type: 'invalid_request_error', message: err instanceof FormError ? err.message : 'Invalid request.' }));
    }
    try {
      refuseUnknownParams(method === 'POST' ? body : query, route.accepts);
    } catch (err) {
      if (err instanceof StripeSandboxError) return send(err.status, errorBody(err.error));
      throw err;
    }

    const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const idempotencyKey = typeof key === 'string' && key.length > 0 && key.length <= 255 ? key : null;
    if (idempotencyKey) {
      const fingerprint = createHash('sha256')
        .update(`${method} ${path}\n${JSON.stringify(body)}`)
        .digest('hex');
      const claimed = await sandbox.book.claimKey(idempotencyKey, fingerprint);
      if (claimed === 'mismatch')
        return send(
          400,
          errorBody({
            type: 'idempotency_error',
            message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          }),
        );
      if (claimed === 'busy')
        return send(
          409,
          errorBody({ type: 'idempotency_error', message: 'There is currently another in-progress request using this Idempotent Key.' }),
        );
      if (claimed !== 'new') {
        reply.header('idempotent-replayed', 'true');
        return reply.status(claimed.status).type('application/json').send(claimed.body);
      }
    }
    let status = 200;
    let result: unknown;
    try {
      result = await route.handler(params, body, query);
    } catch (err) {
      if (!(err instanceof StripeSandboxError)) {
        // Our fault: the key is released so a retry runs the request again, as Stripe does after a 500.
        if (idempotencyKey) await sandbox.book.releaseKey(idempotencyKey);
        return send(500, errorBody({ type: 'api_error', message: 'The sandbox failed.' }));
      }
      status = err.status;
      result = errorBody(err.error);
    }
    const text = JSON.stringify(result);
    if (idempotencyKey) await sandbox.book.keepAnswer(idempotencyKey, status, text);
    return reply.status(status).type('application/json').send(text);
  }

  app.route({ method: ['GET', 'POST', 'DELETE'], url: '/*', handler: answer });
  return app;
}
