// The local mailbox: where mail goes in demo mode without an SMTP server (MAIL_TRANSPORT=mailbox). It is
// mounted only then (app.ts), and answers only this machine unless DEMO_REMOTE_ACCESS opens it: a guest
// who could read it could ask for any shopper's reset link and take the account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@store/shared';
import { sameMachineOnly } from '../../plugins/demo-doors.ts';
import { findMail, listMail } from './service.ts';
import { inboxPage, mailPage, notFoundPage } from './pages.ts';

const toFilter = z.string().trim().toLowerCase().max(254).optional();

const MAIL_PAGE_CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-src 'self'; object-src 'none'; base-uri 'self'";

const mailJson = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated (no fastify-plugin): this hook guards only the routes below.
  app.addHook('onRequest', sameMachineOnly(app.config));
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/mailbox',
    {
      schema: { hide: true, querystring: z.strictObject({ to: toFilter }) },
    },
    async (request, reply) => {
      const mails = await listMail(app.db, request.query.to || undefined);
      return reply.type('text/html; charset=utf-8').send(inboxPage(mails, request.query.to || undefined));
    },
  );

  app.get('/mailbox/:id', { schema: { hide: true, params: idParam } }, async (request, reply) => {
    const mail = await findMail(app.db, request.params.id);
    if (!mail) return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
    // It frames the mail's own HTML from this origin, which the store's page policy does not allow.
    return reply.header('content-security-policy', MAIL_PAGE_CSP).type('text/html; charset=utf-8').send(mailPage(mail));
  });

  // The mail's own HTML, framed by /mailbox/:id. Its CSP forbids scripts entirely.
  app.get('/mailbox/:id/html', { schema: { hide: true, params: idParam } }, async (request, reply) => {
    const mail = await findMail(app.db, request.params.id);
    if (!mail) return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
    return reply
      .header(
        'content-security-policy',
        "default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'; frame-ancestors 'self'",
      )
      .type('text/html; charset=utf-8')
      .send(mail.htmlBody);
  });

  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Stored mail (development)',
        description:
          'Demo mode only (MAIL_TRANSPORT=mailbox), and only to this machine unless DEMO_REMOTE_ACCESS=true: mail kept locally, newest first, optionally only to one address.',
        querystring: z.strictObject({ to: toFilter }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(mailJson) }) },
      },
    },
    async (request) => {
      const mails = await listMail(app.db, request.query.to || undefined);
      return {
        success: true as const,
        data: mails.map((m) => ({
          _id: m.id,
          to: m.toAddress,
          subject: m.subject,
          text: m.textBody,
          html: m.htmlBody,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  );
};

export default mailboxRoutes;
