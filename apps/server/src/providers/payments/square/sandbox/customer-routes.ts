// The Square sandbox's Customers and Cards APIs: a shopper's Square customer and its cards on file
// (CreateCard from a one-time token or from a completed payment, ListCards, RetrieveCard, DisableCard).
import type { FastifyInstance } from 'fastify';
import type { SandboxBook } from './book.ts';
import type { CardSources, ResolvedCard } from './card-sources.ts';
import { billingAddressOf, MERCHANT_ID, now, sendAnswer, sendRequired, squareError, squareId, str } from './shapes.ts';

export function registerCustomerRoutes(app: FastifyInstance, { book, cards }: { book: SandboxBook; cards: CardSources }) {
  app.post('/v2/customers', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const create = async () => {
      const customer = {
        id: squareId(26),
        created_at: now(),
        updated_at: now(),
        reference_id: str(body.reference_id),
        creation_source: 'THIRD_PARTY',
        version: 0,
      };
      await book.insert('customer', customer.id, customer, { referenceId: customer.reference_id });
      return { status: 200, body: { customer } };
    };
    const key = str(body.idempotency_key);
    return sendAnswer(reply, key ? await book.idempotent(`customers:${key}`, JSON.stringify(body), create) : await create());
  });

  app.post('/v2/cards', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = str(body.idempotency_key);
    const sourceId = str(body.source_id);
    const cardIn = (body.card ?? {}) as Record<string, unknown>;
    const customerId = str(cardIn.customer_id);
    if (!key) return sendRequired(reply, 'idempotency_key');
    if (!sourceId) return sendRequired(reply, 'source_id');
    if (!customerId) return sendRequired(reply, 'card.customer_id');
    const billing = billingAddressOf(cardIn.billing_address);
    if (billing === 'invalid')
      return reply
        .status(400)
        .send(
          squareError(
            'INVALID_REQUEST_ERROR',
            'INVALID_VALUE',
            'Invalid card.billing_address.postal_code.',
            'card.billing_address.postal_code',
          ),
        );
    return sendAnswer(
      reply,
      await book.idempotent(`cards:${key}`, JSON.stringify(body), async () => {
        if (!(await book.get('customer', customerId)))
          return { status: 404, body: squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Customer with ID \`${customerId}\` not found.`) };
        // A card from a payment (its id), or from a one-time token.
        const payment = await book.get('payment', sourceId);
        let resolved: ResolvedCard | null;
        if (payment) {
          if (payment.data.status !== 'COMPLETED' && payment.data.status !== 'APPROVED')
            return {
              status: 400,
              body: squareError('INVALID_REQUEST_ERROR', 'INVALID_CARD', 'The payment did not succeed, so its card cannot be saved.'),
            };
          resolved = await (payment.private.vaultToken || payment.private.testToken ? cards.resolveSaved(payment) : Promise.resolve(null));
        } else resolved = await cards.resolveToken(sourceId);
        if (!resolved)
          return { status: 400, body: squareError('INVALID_REQUEST_ERROR', 'INVALID_CARD_DATA', 'Invalid card data.', 'source_id') };
        // Square's Cards API keeps the issuer's reason to itself: every card it will not keep on file,
        // a decline included, is the same INVALID_CARD_DATA (so a card tester learns nothing more).
        if (resolved.decline)
          return { status: 400, body: squareError('INVALID_REQUEST_ERROR', 'INVALID_CARD_DATA', 'Invalid card data.', 'source_id') };
        const card = {
          id: `ccof:${squareId(16)}`,
          ...resolved.card,
          customer_id: customerId,
          reference_id: str(cardIn.reference_id),
          cardholder_name: str(cardIn.cardholder_name),
          ...(billing ? { billing_address: billing } : {}),
          merchant_id: MERCHANT_ID,
          enabled: true,
          prepaid_type: 'NOT_PREPAID',
          created_at: now(),
          version: 1,
        };
        await book.insert('card', card.id, card, { customerId, private: resolved.privateRef });
        return { status: 200, body: { card } };
      }),
    );
  });

  app.get('/v2/cards', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const customerId = query.customer_id;
    const all = customerId ? await book.cardsOf(customerId, query.sort_order === 'DESC') : [];
    const cards = all.map((c) => c.data).filter((c) => query.include_disabled === 'true' || c.enabled === true);
    // Square answers {} when there is nothing to list.
    return reply.send(cards.length ? { cards } : {});
  });

  app.get('/v2/cards/:cardId', async (request, reply) => {
    const { cardId } = request.params as { cardId: string };
    const card = await book.get('card', cardId);
    if (!card) return reply.status(404).send(squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Card with ID \`${cardId}\` not found.`));
    return reply.send({ card: card.data });
  });

  app.post('/v2/cards/:cardId/disable', async (request, reply) => {
    const { cardId } = request.params as { cardId: string };
    const card = await book.get('card', cardId);
    if (!card) return reply.status(404).send(squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Card with ID \`${cardId}\` not found.`));
    const disabled = {
      ...card.data,
      enabled: false,
      disabled_at: card.data.disabled_at ?? now(),
      version: Number(card.data.version ?? 1) + 1,
    };
    await book.update(cardId, disabled);
    return reply.send({ card: disabled });
  });
}
