// SPEC §7 bank account (ACH) calls (ADR 011): POST v1/nuvei/add_bank, POST v1/checkout/saved-bank,
// GET v1/nuvei/banks, DELETE v1/nuvei/banks/{id}, POST v1/nuvei/payment/ach (pay from a saved account,
// or link one and pay from it), GET v1/nuvei/ach/{orderId}; and the bank-linking page outside /api.
// Settlements, failures and returns arrive at the provider's webhook, POST v1/nuvei/notify (../routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  achPaymentBody,
  achPaymentResponse,
  achStatusResponse,
  addBankBody,
  addBankResponse,
  bankAccountsResponse,
  deleteBankResponse,
  savedBankBody,
  savedBankResponse,
} from '@store/shared';
import { requireSession, signedInUser } from '../../../../plugins/auth.ts';
import { achPayment, achStatusOf, listBanks, removeBank, savedBankFromLink, startBankLink } from './service.ts';
import type { PaymentsCore, FamilyDeps } from '../../core-port.ts';

const idParam = z.strictObject({ id: z.string().min(1).max(64) });
const orderParam = z.strictObject({ orderId: z.string().min(1).max(64) });

const achRoutes =
  (core: PaymentsCore): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = (log: FamilyDeps['log']) => core.deps(log);
    const browserBase = app.config.BROWSER_BASE;

    const signedInRoutes: FastifyPluginAsyncZod = async (signedIn) => {
      requireSession(signedIn);
      signedIn.post(
        '/v1/nuvei/add_bank',
        {
          schema: {
            tags: ['payments'],
            description:
              "Opens the bank-linking page: answers its URL and the link's id. With orderId (the shopper's), the page comes back to that order's pay page; with returnTo 'cash-out', to /cash-out (both: 400); else to /add-card. 403 when bank payments are not allowed for the shopper.",
            body: addBankBody,
            response: { 200: addBankResponse },
          },
        },
        async (request) => ({
          success: true as const,
          data: await startBankLink(deps(request.log), signedInUser(request)._id, {
            orderId: request.body.orderId,
            returnTo: request.body.returnTo,
            payOnLink: false,
            browserBase,
          }),
        }),
      );

      signedIn.post(
        '/v1/checkout/saved-bank',
        {
          schema: {
            tags: ['payments'],
            description:
              "The bank account a finished link added (body: the link's id), saved first in the shopper's list: userPaymentOptionId, bank name, last 4, account type. 409 while the link is open; 404 for another shopper's link.",
            body: savedBankBody,
            response: { 200: savedBankResponse },
          },
        },
        async (request) => ({
          success: true as const,
          data: await savedBankFromLink(deps(request.log), signedInUser(request)._id, request.body.linkId),
        }),
      );

      signedIn.get(
        '/v1/nuvei/banks',
        {
          schema: {
            tags: ['payments'],
            description: "The shopper's linked bank accounts, newest first.",
            response: { 200: bankAccountsResponse },
          },
        },
        async (request) => ({
          success: true as const,
          data: { bankAccounts: await listBanks(deps(request.log), signedInUser(request)._id) },
        }),
      );

      signedIn.delete(
        '/v1/nuvei/banks/:id',
        {
          schema: {
            tags: ['payments'],
            description: "Deletes a linked bank account (404 when it is not the caller's).",
            params: idParam,
            response: { 200: deleteBankResponse },
          },
        },
        async (request) => {
          await removeBank(deps(request.log), signedInUser(request)._id, request.params.id);
          return { success: true as const };
        },
      );

      signedIn.post(
        '/v1/nuvei/payment/ach',
        {
          schema: {
            tags: ['payments'],
            description:
              "Two actions. With userPaymentOptionId: pays the order from that saved bank account; the debit is 'processing' until the bank settles it (coins are credited then). Without it: opens the bank-linking page, and the order is paid from the new account as soon as it is linked. 403 ACCOUNT_FLAGGED after a returned bank payment.",
            body: achPaymentBody,
            response: { 200: achPaymentResponse },
          },
        },
        async (request) => ({
          success: true as const,
          data: await achPayment(deps(request.log), signedInUser(request)._id, request.body, browserBase, request.ip),
        }),
      );

      signedIn.get(
        '/v1/nuvei/ach/:orderId',
        {
          schema: {
            tags: ['payments'],
            description:
              "The order's bank payment: none, processing, settled, failed (before settlement), returned (after it, with the return code) or refunded. 404 for another shopper's order.",
            params: orderParam,
            response: { 200: achStatusResponse },
          },
        },
        async (request) => ({
          success: true as const,
          data: await achStatusOf(deps(request.log), signedInUser(request)._id, request.params.orderId),
        }),
      );
    };
    await app.register(signedInRoutes);
  };

export default achRoutes;
