import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Product artwork shipped with the server; the seed points product images at these URLs. */
export const PRODUCT_ASSETS_PREFIX = '/assets/products/';
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
}
