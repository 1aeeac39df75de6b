// An admin revokes a user's sessions (issue 12, ADR 025): role ADMIN only, audited, and the user's next
// call is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditResponse, adminRevokeSessionsResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin } from '../../../test/support/cashout.ts';

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
});
afterAll(() => t.close());

const revoke = (userId: string, who?: Shopper) => {
  const opts = { method: 'POST' as const, url: `/api/v1/admin/users/${userId}/revoke-sessions` };
  return who ? as(t.app, who, opts) : t.app.inject(opts);
};

describe('POST /api/v1/admin/users/:id/revoke-sessions', () => {
  it('refuses a guest (401) and a shopper (403), and the sessions stay', async () => {
    const target = await createShopper(t.database.db);
    const shopper = await createShopper(t.database.db);
    expect((await revoke(target.id)).statusCode).toBe(401);
    expect((await revoke(target.id, shopper)).statusCode).toBe(403);
    expect((await as(t.app, target, { method: 'GET', url: '/api/v1/getuser' })).statusCode).toBe(200);
  });

  it("ends the user's sessions: their next call is 401, and the audit log says who did it", async () => {
    const target = await createShopper(t.database.db);
    expect((await as(t.app, target, { method: 'GET', url: '/api/v1/getuser' })).statusCode).toBe(200);

    const res = await revoke(target.id, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(adminRevokeSessionsResponse.parse(res.json()).data).toEqual({ userId: target.id, revokedSessions: 1 });

    expect((await as(t.app, target, { method: 'GET', url: '/api/v1/getuser' })).statusCode).toBe(401);

    const audit = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/audit?action=user.revoke-sessions' });
    const entry = adminAuditResponse.parse(audit.json()).data.entries.find((e) => e.targetId === target.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      before: { liveSessions: 1 },
      after: { liveSessions: 0 },
    });
  });

  it('answers 404 for an unknown user and writes nothing', async () => {
    const res = await revoke('no-such-user', admin);
    expect(res.statusCode).toBe(404);
    const audit = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/audit?action=user.revoke-sessions&limit=100' });
    expect(adminAuditResponse.parse(audit.json()).data.entries.filter((e) => e.targetId === 'no-such-user')).toEqual([]);
  });
});
