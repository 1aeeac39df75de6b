// What `npm run bench` measures. Add a scenario here to measure another route; the first one is the
// baseline every other row is compared against.

export interface BenchContext {
  /** Session token of the demo user (signed in through /api/v1/auth/test-login). */
  token: string;
}

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: (ctx: BenchContext) => Record<string, string>;
  body?: (ctx: BenchContext) => unknown;
}

const signedIn = (ctx: BenchContext) => ({ 'x-auth-token': ctx.token });

export const SCENARIOS: Scenario[] = [
  { name: 'ping (baseline)', method: 'GET', path: '/api/ping' },
  { name: 'product listing', method: 'GET', path: '/api/v1/admin/product' },
  { name: 'get user', method: 'GET', path: '/api/v1/getuser', headers: signedIn },
];
