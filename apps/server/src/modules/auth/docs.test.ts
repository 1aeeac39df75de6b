import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('documents every account route with a description in /api/docs', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const { paths } = res.json() as { paths: Record<string, Record<string, { description?: string }>> };
  const expected: [string, string][] = [
    ['/api/v1/auth/signup', 'post'],
    ['/api/v1/auth/verify-email', 'post'],
    ['/api/v1/auth/resend-email', 'post'],
    ['/api/v1/auth/login', 'post'],
    ['/api/v1/auth/logout', 'post'],
    ['/api/v1/auth/forgot-password', 'post'],
    ['/api/v1/auth/reset-password', 'post'],
    ['/api/v1/auth/reset-password/{token}', 'get'],
    ['/api/v1/auth/test-accounts', 'get'],
    ['/api/v1/auth/test-login', 'post'],
    ['/api/v1/getuser', 'get'],
    ['/api/dev/mailbox', 'get'],
  ];
  for (const [path, method] of expected) {
    expect(paths[path]?.[method]?.description, `${method} ${path}`).toBeTruthy();
  }
  expect(paths['/mailbox']).toBeUndefined();
});
