import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { findImage } from './admin-repository.ts';

/** Product artwork shipped with the server; the seed points product images at these URLs. */
export const PRODUCT_ASSETS_PREFIX = '/assets/products/';
/** Pictures an admin uploaded (ADR 023): kept in the database, served beside the shipped artwork. */
export const UPLOADED_IMAGES_PREFIX = `${PRODUCT_ASSETS_PREFIX}uploads/`;
/** A year: the URL names the content (its hash), so a copy never goes stale. */
const UPLOADED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const UPLOADED_FILE = /^([a-f0-9]{32})\.webp$/;

const productAssetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public-assets/products');

/**
 * Registered from app.ts at the root (not under /api) so image URLs are plain site paths. decorateReply
 * is off because the SPA's static plugin already owns reply.sendFile.
 */
export default async function catalogAssets(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: productAssetsDir,
    prefix: PRODUCT_ASSETS_PREFIX,
    decorateReply: false,
    index: false,
    // Artwork changes only with a release, so browsers may keep it for a day.
    maxAge: '1d',
  });

  app.get<{ Params: { file: string } }>(`${UPLOADED_IMAGES_PREFIX}:file`, async (request, reply) => {
    const key = UPLOADED_FILE.exec(request.params.file)?.[1];
    const image = key ? await findImage(app.db, key) : undefined;
    if (!image) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type(image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', UPLOADED_CACHE_CONTROL)
      .send(image.bytes);
  });
}
