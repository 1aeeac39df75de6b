// The winnings unit of `npm run bench` (issue 10): the demo game provider credits a win to the shopper
// (a signed server-to-server call, HMAC over timestamp and body, as modules/distributors checks it), then
// the shopper reads the first page of their wallet history and finds the win on top.
import { createHmac, randomUUID } from 'node:crypto';
import type { BenchShopper, UnitContext, UnitScenario } from './unit-types.ts';
import { DEMO_DISTRIBUTOR } from '../src/modules/distributors/index.ts';

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} → ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function creditAndReadHistory(ctx: UnitContext, shopper: BenchShopper): Promise<void> {
  const transactionId = randomUUID();
  const body = JSON.stringify({ transactionId, userId: shopper.id, amount: 10 });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', DEMO_DISTRIBUTOR.key).update(`${timestamp}.${body}`).digest('hex');
  const credited = await json(
    await fetch(`${ctx.baseUrl}/api/v1/third-party/distributors/${DEMO_DISTRIBUTOR.id}/credits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-distributor-timestamp': timestamp, 'x-distributor-signature': signature },
      body,
    }),
    'POST distributor credit',
  );
  if ((credited.data as { applied?: boolean } | undefined)?.applied !== true)
    throw new Error(`credit not applied: ${JSON.stringify(credited)}`);
  const history = await json(
    await fetch(`${ctx.baseUrl}/api/v1/wallet/history?page=1&limit=20`, { headers: { 'x-auth-token': shopper.token } }),
    'GET v1/wallet/history',
  );
  const top = (history.data as { entries?: { reference: string }[] } | undefined)?.entries?.[0];
  if (!top?.reference.endsWith(transactionId)) throw new Error(`the win is not on top of the history: ${JSON.stringify(top)}`);
}

export const WIN_CREDIT: UnitScenario = { name: 'game-provider win + wallet history (units/s)', run: creditAndReadHistory };
