// What `npm run bench` measures. Add a scenario here to measure another route; the first one is the
// baseline every other row is compared against.

import { benchOrderEmailPrefix } from './admin-orders.ts';

export interface BenchContext {
  /** Session token of the demo user (signed in through /api/v1/auth/test-login). */
  token: string;
  /** Session token of the demo admin (signed in with its password: test-login offers no admin here). */
  adminToken: string;
}

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: (ctx: BenchContext) => Record<string, string>;
  body?: (ctx: BenchContext) => unknown;
}

const signedIn = (ctx: BenchContext) => ({ 'x-auth-token': ctx.token });
const asAdmin = (ctx: BenchContext) => ({ 'x-auth-token': ctx.adminToken });

export const SCENARIOS: Scenario[] = [
  { name: 'ping (baseline)', method: 'GET', path: '/api/ping' },
  { name: 'product listing', method: 'GET', path: '/api/v1/admin/product' },
  { name: 'get user', method: 'GET', path: '/api/v1/getuser', headers: signedIn },
  // Issue 12: over the 100,000 orders of admin-orders.ts; the start of an e-mail (ten shoppers, 1,000
  // orders) and a state, the first page newest first.
  {
    name: 'admin order search',
    method: 'GET',
    path: `/api/v1/admin/orders?q=${benchOrderEmailPrefix}042&state=fulfilled&limit=20`,
    headers: asAdmin,
  },
];
