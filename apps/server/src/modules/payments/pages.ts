// The provider families' pages outside /api (the Nuvei family's bank-linking page, ADR 011), mounted
// with the payments core (ADR 044).
import type { FastifyPluginAsync } from 'fastify';
import { paymentsCoreOf } from './core-port.ts';

const paymentPages: FastifyPluginAsync = async (app) => {
  const core = paymentsCoreOf(app);
  for (const family of app.paymentFamilies) if (family.pages) await app.register(family.pages(core));
};

export default paymentPages;
