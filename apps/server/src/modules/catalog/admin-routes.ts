// The admin console's catalogue (issue 12, ADR 023) under /v1/admin/catalog/: coin packages and gift cards
// (hidden ones included), their pictures, and the stock of gift-card codes. Role ADMIN, checked when the
// request arrives (before its input is read): a guest gets 401, a shopper 403. The shop's own reads under
// /v1/admin/product and /v1/admin/gift-card (SPEC §7) stay public in routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAvailabilityUpdate,
  adminCatalogueImageResponse,
  adminCatalogueItemResponse,
  adminCatalogueListResponse,
  adminCatalogueQuery,
  adminCodeImportQuery,
  adminCodeImportResponse,
  adminCodeStockResponse,
  adminGiftCardInput,
  adminGiftCardUpdate,
  adminPositionUpdate,
  adminProductInput,
  adminProductUpdate,
  CATALOGUE_IMAGE_MAX_BYTES,
  CATALOGUE_IMAGE_MAX_SIDE,
  errorEnvelope,
  GIFT_CODE_CSV_MAX_BYTES,
  GIFT_CODE_CSV_MAX_ROWS,
  idParam,
  type CatalogueKind,
} from '@store/shared';
import { refuseLargerThan } from '../../lib/body-size.ts';
import { AppError } from '../../lib/errors.ts';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import {
  createCatalogueItem,
  getCatalogueItem,
  listCatalogue,
  setCatalogueAvailability,
  setCataloguePosition,
  updateCatalogueItem,
  uploadCatalogueImage,
} from './admin-service.ts';
import { codeStock, importCodes } from './code-import.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };
const PAGING_DOC = 'page from 1, limit 1 to 100 (default 20); by position, then name; hasMore tells whether a next page exists.';
const VERSION_DOC = 'Send the version your copy was read at: 409 when another admin saved since (nothing is changed).';
const AFTER_DOC = 'The audit log records it; shoppers see the change at once.';

const KINDS: { kind: CatalogueKind; path: string; label: string }[] = [
  { kind: 'product', path: 'products', label: 'coin package' },
  { kind: 'giftCard', path: 'gift-cards', label: 'gift card' },
];

/** List, read, create, edit, availability and position: the same for both kinds. */
const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { kind, path, label } of KINDS) {
    const base = `/v1/admin/catalog/${path}`;
    const input = kind === 'product' ? adminProductInput : adminGiftCardInput;
    const update = kind === 'product' ? adminProductUpdate : adminGiftCardUpdate;

    app.get(
      base,
      {
        schema: {
          tags: ['admin'],
          summary: `Every ${label}, hidden and sold-out ones included`,
          description: `Role ADMIN. ?q= (part of the name${kind === 'giftCard' ? ' or brand' : ''}, any case), ?availability=available|soldOut|hidden. ${PAGING_DOC}`,
          querystring: adminCatalogueQuery,
          response: { 200: adminCatalogueListResponse, ...refusals },
        },
      },
      async (request) => ({ success: true as const, data: await listCatalogue(app.db, kind, request.query) }),
    );

    app.get(
      `${base}/:id`,
      {
        schema: {
          tags: ['admin'],
          summary: `A ${label} with its version`,
          description: 'Role ADMIN. 404 for an unknown id.',
          params: idParam,
          response: { 200: adminCatalogueItemResponse, ...refusals, 404: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await getCatalogueItem(app.db, kind, request.params.id) }),
    );

    app.post(
      base,
      {
        schema: {
          tags: ['admin'],
          summary: `Create a ${label}`,
          description: `Role ADMIN. price in integer cents; image a path under /assets/products/ (upload one with POST v1/admin/catalog/images). ${AFTER_DOC}`,
          body: input,
          response: { 201: adminCatalogueItemResponse, ...refusals },
        },
      },
      async (request, reply) => {
        const item = await createCatalogueItem(app.db, signedInUser(request)._id, kind, request.body as never);
        return reply.status(201).send({ success: true as const, data: item });
      },
    );

    app.put(
      `${base}/:id`,
      {
        schema: {
          tags: ['admin'],
          summary: `Edit a ${label}`,
          description: `Role ADMIN. Every field, as on create. ${VERSION_DOC} ${AFTER_DOC}`,
          params: idParam,
          body: update,
          response: { 200: adminCatalogueItemResponse, ...refusals, 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        data: await updateCatalogueItem(app.db, signedInUser(request)._id, kind, request.params.id, request.body as never),
      }),
    );

    app.put(
      `${base}/:id/availability`,
      {
        schema: {
          tags: ['admin'],
          summary: `Put a ${label} on sale, mark it sold out, or hide it`,
          description: `Role ADMIN. available: on sale; soldOut: listed, not buyable; hidden: off the shop, not buyable. ${VERSION_DOC} ${AFTER_DOC}`,
          params: idParam,
          body: adminAvailabilityUpdate,
          response: { 200: adminCatalogueItemResponse, ...refusals, 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        data: await setCatalogueAvailability(app.db, signedInUser(request)._id, kind, request.params.id, request.body),
      }),
    );

    app.put(
      `${base}/:id/position`,
      {
        schema: {
          tags: ['admin'],
          summary: `Set a ${label}'s display order`,
          description: `Role ADMIN. position 0 to 1,000,000, lower first; the shop orders by it (after price when the shopper sorts by price). ${VERSION_DOC} ${AFTER_DOC}`,
          params: idParam,
          body: adminPositionUpdate,
          response: { 200: adminCatalogueItemResponse, ...refusals, 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        data: await setCataloguePosition(app.db, signedInUser(request)._id, kind, request.params.id, request.body),
      }),
    );
  }

  app.get(
    '/v1/admin/catalog/gift-cards/:id/codes',
    {
      schema: {
        tags: ['admin'],
        summary: "A gift card's code stock: counts only",
        description:
          'Role ADMIN. free (on sale), reserved (held by an order being paid), sold. No code is ever shown. 404 for an unknown card.',
        params: idParam,
        response: { 200: adminCodeStockResponse, ...refusals, 404: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await codeStock(app.db, request.params.id) }),
  );
};

/** The picture itself as the body, whatever Content-Type it declares: what it is comes from its bytes. */
const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tooLarge = `This picture is over ${CATALOGUE_IMAGE_MAX_BYTES / 1024 / 1024} MB. Upload a smaller one.`;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CATALOGUE_IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.addHook('preParsing', refuseLargerThan(CATALOGUE_IMAGE_MAX_BYTES, tooLarge, 'file'));

  app.post(
    '/v1/admin/catalog/images',
    {
      schema: {
        tags: ['admin'],
        summary: 'Upload a catalogue picture',
        description: `Role ADMIN. The picture itself as the body (PNG, JPEG or WebP, told from its bytes; at most ${CATALOGUE_IMAGE_MAX_BYTES / 1024 / 1024} MB, 413 above; 415 for any other type; 400 for one that cannot be read). Stored as a WebP of at most ${CATALOGUE_IMAGE_MAX_SIDE} px a side, without metadata; answers its URL, which a create or edit then names as image. Audited (catalog.image.upload).`,
        body: z.instanceof(Buffer).optional(),
        response: { 201: adminCatalogueImageResponse, ...refusals, 413: errorEnvelope, 415: errorEnvelope },
      },
    },
    async (request, reply) => {
      const upload = request.body;
      if (!upload?.length) throw new AppError(400, 'IMAGE_REQUIRED', 'Choose a picture to upload.', 'image');
      return reply
        .status(201)
        .send({ success: true as const, data: await uploadCatalogueImage(app.db, signedInUser(request)._id, upload) });
    },
  );
};

/** The CSV itself as the body (text/csv or any type), read as UTF-8 text. */
const codeImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tooLarge = `This file is over ${GIFT_CODE_CSV_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files; nothing was imported.`;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: GIFT_CODE_CSV_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.addHook('preParsing', refuseLargerThan(GIFT_CODE_CSV_MAX_BYTES, tooLarge, 'file'));

  app.post(
    '/v1/admin/catalog/gift-cards/:id/codes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Import a CSV of gift-card codes',
        description: `Role ADMIN. The CSV as the body: one code a row (4 to 64 letters, digits or hyphens), one column, an optional header row "code"; at most ${GIFT_CODE_CSV_MAX_BYTES / 1024 / 1024} MB and ${GIFT_CODE_CSV_MAX_ROWS.toLocaleString('en-US')} rows (413 above, nothing imported). One transaction: answers {taken, refused: [{line, code?, reason, message}], stock}. Refused: empty rows, wrong column count, bad characters, too long or short, duplicates within the file, codes already in stock (reported by line only). ?onRefused=skip (default) takes the other rows; reject takes nothing when any row is refused. Audited with counts only (giftCard.codes.import).`,
        params: idParam,
        querystring: adminCodeImportQuery,
        body: z.string().optional(),
        response: { 200: adminCodeImportResponse, ...refusals, 404: errorEnvelope, 409: errorEnvelope, 413: errorEnvelope },
      },
    },
    async (request) => {
      const csv = request.body ?? '';
      if (!csv.trim()) throw new AppError(400, 'FILE_REQUIRED', 'Choose a CSV file of codes to import.', 'file');
      return {
        success: true as const,
        data: await importCodes(app.db, signedInUser(request)._id, request.params.id, csv, request.query.onRefused),
      };
    },
  );
};

const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  app.addHook('onRequest', requireRole('ADMIN'));
  await app.register(itemRoutes);
  await app.register(imageRoutes);
  await app.register(codeImportRoutes);
};

export default adminCatalogRoutes;
