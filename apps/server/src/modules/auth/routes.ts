import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelope,
  changeEmailBody,
  changePasswordBody,
  emailOnlyBody,
  loginBody,
  loginResponse,
  resetPasswordBody,
  signupBody,
  testLoginBody,
  tokenBody,
} from '@store/shared';
import { requireSession, sessionTokenOf, signedInUser } from '../../plugins/auth.ts';
import { authRateLimit } from '../../plugins/rate-limit.ts';
import { sameMachineOnly } from '../../plugins/demo-doors.ts';
import { failures, messageResponse, resetTokenParams, resetTokenResponse, testAccountsResponse, verifyEmailResponse } from './schemas.ts';
import { changeEmailSentMessage, confirmEmailChange, requestEmailChange } from './change-email.ts';
import * as auth from './service.ts';
import socialRoutes from './social/routes.ts';

const tags = ['auth'];

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): auth.AuthDeps => ({
    db: app.db,
    mailer: app.mailer,
    config: app.config,
    log: app.log,
    passwords: app.passwordGate,
    counters: app.attemptCounters,
    live: app.live,
    outbox: app.outbox,
  });
  const limited = authRateLimit(app.config);
  // Sign-in and reset requests also count per IP across e-mails: one password tried on many accounts.
  const limitedPerIp = authRateLimit(app.config, { acrossEmails: true });
  auth.warmUp();

  app.post(
    '/v1/auth/signup',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Create an account',
        description:
          'Creates an unverified account and e-mails a confirmation link (valid 24 h). An address that already has an account gets the same 201 answer; its owner is e-mailed instead (a fresh link if still unconfirmed).',
        body: signupBody,
        response: { 201: messageResponse, ...failures(400, 429, 503) },
      },
    },
    async (request, reply) => {
      await auth.signup(deps(), request.body);
      return reply.status(201).send({ success: true, message: auth.SIGNUP_MESSAGE });
    },
  );

  app.post(
    '/v1/auth/verify-email',
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail address',
        description: 'Uses the token from the confirmation link (single use, 24 h). Used, expired or unknown tokens answer 400.',
        body: tokenBody,
        response: { 200: verifyEmailResponse, ...failures(400) },
      },
    },
    async (request) => {
      const data = await auth.verifyEmail(deps(), request.body.token);
      return { success: true as const, message: 'Your e-mail is confirmed. You can sign in now.', data };
    },
  );

  app.post(
    '/v1/auth/change-email/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm a new e-mail address',
        description:
          'Uses the token from the link sent to the new address (single use, 24 h): the account moves to that address, now confirmed, and the old address is told. No session needed. Used, expired or unknown: 400 naming token. The address taken by another account meanwhile: 409 EMAIL_TAKEN, nothing changed.',
        body: tokenBody,
        response: { 200: verifyEmailResponse, ...failures(400), 409: errorEnvelope },
      },
    },
    async (request) => {
      const data = await confirmEmailChange(deps(), request.body.token);
      return { success: true as const, message: `Your e-mail address is now ${data.email}.`, data };
    },
  );

  app.post(
    '/v1/auth/resend-email',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Send a new confirmation link',
        description: 'Same answer whether or not the address has an account. Earlier links stay valid until used or expired.',
        body: emailOnlyBody,
        response: { 200: messageResponse, ...failures(400, 429) },
      },
    },
    async (request) => {
      await auth.resendVerification(deps(), request.body.email);
      return { success: true as const, message: auth.RESEND_MESSAGE };
    },
  );

  app.post(
    '/v1/auth/login',
    {
      config: limitedPerIp,
      schema: {
        tags,
        summary: 'Sign in',
        description:
          'Returns a session token to send as x-auth-token. Wrong e-mail or password: 401. Unconfirmed e-mail: 403 EMAIL_NOT_VERIFIED. ' +
          'After AUTH_ACCOUNT_FAILURES_BEFORE_DELAY wrong passwords for one address (from any client address), each further try waits a ' +
          'doubling delay: 429 SIGN_IN_DELAYED with Retry-After, the same for every address; the unlockToken of the link then e-mailed to ' +
          "the account's owner skips the delay. 503 SERVER_BUSY with Retry-After when too many passwords are being checked at once.",
        body: loginBody,
        response: { 200: loginResponse, ...failures(400, 401, 403, 429, 503) },
      },
    },
    async (request) => {
      const data = await auth.login(deps(), request.body, request.ip);
      return { success: true as const, data };
    },
  );

  // The one call here that needs a session.
  const logoutRoute: FastifyPluginAsyncZod = async (signedIn) => {
    requireSession(signedIn);
    signedIn.post(
      '/v1/auth/logout',
      {
        schema: {
          tags,
          summary: 'Sign out',
          description: 'Revokes the session of the x-auth-token sent with this call.',
          response: { 200: messageResponse, ...failures(401) },
        },
      },
      async (request) => {
        // The session check passed, so the request carries a live session token.
        const token = sessionTokenOf(request);
        if (token) await auth.logout(deps(), token);
        return { success: true as const, message: 'You are signed out.' };
      },
    );
  };
  await app.register(logoutRoute);

  const changePasswordRoute: FastifyPluginAsyncZod = async (signedIn) => {
    requireSession(signedIn);
    signedIn.post(
      '/v1/auth/change-password',
      {
        config: limited,
        schema: {
          tags,
          summary: 'Change the password of the signed-in account',
          description:
            'Signed in. { currentPassword, newPassword }: a wrong current password is 400 WRONG_CURRENT_PASSWORD naming currentPassword and counts as a failed sign-in of the account (its delay applies: 429). The new password follows the sign-up rule and differs from the current one. Then every session of the account ends, this one too, and the owner is e-mailed.',
          body: changePasswordBody,
          response: { 200: messageResponse, ...failures(400, 401, 429, 503) },
        },
      },
      async (request) => {
        await auth.changePassword(deps(), signedInUser(request)._id, request.body);
        return { success: true as const, message: 'Your password is changed. Please sign in with the new one.' };
      },
    );
    signedIn.post(
      '/v1/auth/change-email',
      {
        config: limited,
        schema: {
          tags,
          summary: 'Ask to change the e-mail address of the signed-in account',
          description:
            "Signed in. { newEmail, currentPassword }: the current password is checked as by change-password (400 WRONG_CURRENT_PASSWORD naming currentPassword; its delay applies: 429); the account's own address is 400 SAME_EMAIL naming newEmail. A link (single use, 24 h) goes to the new address; the account keeps its address until the link is opened (POST v1/auth/change-email/confirm). An address that already has an account gets a note instead, and the answer is the same.",
          body: changeEmailBody,
          response: { 200: messageResponse, ...failures(400, 401, 429, 503) },
        },
      },
      async (request) => {
        await requestEmailChange(deps(), signedInUser(request)._id, request.body);
        return { success: true as const, message: changeEmailSentMessage(request.body.newEmail) };
      },
    );
  };
  await app.register(changePasswordRoute);
  // Sign in with Apple and Facebook (ADR 029).
  await app.register(socialRoutes);

  app.post(
    '/v1/auth/forgot-password',
    {
      config: limitedPerIp,
      schema: {
        tags,
        summary: 'Request a password reset link',
        description: 'Same answer whether or not the address has an account. The link is valid for 1 hour and works once.',
        body: emailOnlyBody,
        response: { 200: messageResponse, ...failures(400, 429) },
      },
    },
    async (request) => {
      await auth.forgotPassword(deps(), request.body.email);
      return { success: true as const, message: auth.FORGOT_MESSAGE };
    },
  );

  app.get(
    '/v1/auth/reset-password/:token',
    {
      schema: {
        tags,
        summary: 'Check a password reset link',
        description: 'Answers the e-mail the link belongs to while the link is usable, 400 otherwise.',
        params: resetTokenParams,
        response: { 200: resetTokenResponse, ...failures(400) },
      },
    },
    async (request) => {
      const data = await auth.inspectResetToken(deps(), request.params.token);
      return { success: true as const, data };
    },
  );

  app.post(
    '/v1/auth/reset-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Choose a new password',
        description:
          'Sets the new password, uses up the link, signs out every session of the account and marks the e-mail confirmed. Used or expired links answer 400.',
        body: resetPasswordBody,
        response: { 200: messageResponse, ...failures(400, 429, 503) },
      },
    },
    async (request) => {
      await auth.resetPassword(deps(), request.body.token, request.body.password);
      return { success: true as const, message: 'Your password is changed. Please sign in with the new one.' };
    },
  );

  // Demo doors: mounted only in demo mode (otherwise plain 404s), answering only this machine unless
  // DEMO_REMOTE_ACCESS opens them, and offering the admin account only with TEST_LOGIN_ADMIN.
  if (app.config.DEMO_DATA) {
    const demoDoor = sameMachineOnly(app.config);
    const accounts = { includeAdmin: app.config.TEST_LOGIN_ADMIN };
    app.get(
      '/v1/auth/test-accounts',
      {
        onRequest: demoDoor,
        schema: {
          tags,
          summary: 'List demo accounts',
          description:
            'Demo mode only (DEMO_DATA), from this machine only unless DEMO_REMOTE_ACCESS; 404 otherwise. The admin account only with TEST_LOGIN_ADMIN.',
          response: { 200: testAccountsResponse },
        },
      },
      async () => {
        return { success: true as const, data: auth.listTestAccounts(accounts) };
      },
    );

    app.post(
      '/v1/auth/test-login',
      {
        onRequest: demoDoor,
        schema: {
          tags,
          summary: 'Sign in as a demo account',
          description:
            'Demo mode only (DEMO_DATA), from this machine only unless DEMO_REMOTE_ACCESS; 404 otherwise. Same answer as login. The admin account only with TEST_LOGIN_ADMIN.',
          body: testLoginBody,
          response: { 200: loginResponse, ...failures(400, 403, 404) },
        },
      },
      async (request) => {
        const data = await auth.testLogin(deps(), request.body.email, request.ip, accounts);
        return { success: true as const, data };
      },
    );
  }
};

export default authRoutes;
