// GET /device-id/sdk.js and /device-id/sdk-sandbox.js on the hosted checkout's origin: the device-id
// script a merchant page loads (the SDK's loadDeviceId picks the variant by environment). See script.ts.
import type { FastifyPluginAsync } from 'fastify';
import { deviceIdScript, type DeviceIdVariant } from './script.ts';

export const DEVICE_ID_SCRIPT_PATHS: Record<DeviceIdVariant, string> = {
  prod: '/device-id/sdk.js',
  sandbox: '/device-id/sdk-sandbox.js',
};

export const deviceIdRoutes: FastifyPluginAsync = async (app) => {
  for (const variant of ['prod', 'sandbox'] as const) {
    const script = deviceIdScript(variant);
    app.get(DEVICE_ID_SCRIPT_PATHS[variant], async (_req, reply) =>
      reply
        .header('x-content-type-options', 'nosniff')
        // Loaded by <script> from merchant pages of any origin; it holds no secret.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=300')
        .type('text/javascript; charset=utf-8')
        .send(script),
    );
  }
};

export default deviceIdRoutes;
