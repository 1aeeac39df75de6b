// A local HTTP server speaking the part of Nuvei's REST API v1 our client uses, checking every
// checksum the way Nuvei does. Test-only. The card's behaviour is chosen by its ccTempToken /
// userPaymentOptionId: containing 'challenge' → REDIRECT, 'insufficient' → declined for funds,
// 'decline' → declined, anything else approved.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentChecksum, refundChecksum, sessionTokenChecksum } from './checksum.ts';

export interface FakeNuvei {
  baseUrl: string;
  calls: { method: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

type Body = Record<string, string & Record<string, unknown>>;

export async function startFakeNuvei(creds: { merchantId: string; merchantSiteId: string; secretKey: string }): Promise<FakeNuvei> {
  const calls: FakeNuvei['calls'] = [];
  let seq = 7100000000;
  const sessions = new Set<string>();

  function handle(method: string, b: Body): Record<string, unknown> {
    const error = (reason: string) => ({ status: 'ERROR', errCode: 1001, reason });
    if (b.merchantId !== creds.merchantId || b.merchantSiteId !== creds.merchantSiteId) return error('Invalid merchant');
    if (method === 'getSessionToken') {
      if (b.checksum !== sessionTokenChecksum(b as never, creds.secretKey)) return error('Invalid checksum');
      const token = `sess-${++seq}`;
      sessions.add(token);
      return { status: 'SUCCESS', errCode: 0, sessionToken: token };
    }
    if (method === 'refundTransaction') {
      if (b.checksum !== refundChecksum(b as never, creds.secretKey)) return error('Invalid checksum');
      return { status: 'SUCCESS', transactionStatus: 'APPROVED', transactionId: String(++seq) };
    }
    if (!sessions.has(b.sessionToken)) return error('Invalid session token');
    if (b.checksum !== paymentChecksum(b as never, creds.secretKey)) return error('Invalid checksum');
    const option = b.paymentOption as unknown as { userPaymentOptionId?: string; card: { ccTempToken?: string; threeD?: { version?: string } } };
    const key = option.card.ccTempToken ?? option.userPaymentOptionId ?? '';
    const transactionId = String(++seq);
    const card = { ccCardNumber: '4****1111', ccExpMonth: '12', ccExpYear: '34', cardBrand: 'VISA', threeD: { v2supported: 'true', version: '2.2.0' } };
    if (method === 'initPayment') return { status: 'SUCCESS', transactionStatus: 'APPROVED', transactionId, paymentOption: { card } };
    if (/insufficient/.test(key)) return { status: 'SUCCESS', transactionStatus: 'DECLINED', transactionId, gwErrorCode: -1, gwErrorReason: 'Insufficient Funds' };
    if (/decline/.test(key)) return { status: 'SUCCESS', transactionStatus: 'DECLINED', transactionId, gwErrorCode: -1, gwErrorReason: 'Decline' };
    // A zero-amount verification (transactionType Auth, 0.00) is exempt from the challenge.
    const verification = b.transactionType === 'Auth' && b.amount === '0.00';
    if (/challenge/.test(key) && !verification) {
      return { status: 'SUCCESS', transactionStatus: 'REDIRECT', transactionId, paymentOption: { card: { threeD: { acsUrl: 'https://acs.example/challenge', cReq: 'abc' } } } };
    }
    return { status: 'SUCCESS', transactionStatus: 'APPROVED', transactionId, paymentOption: { userPaymentOptionId: '88001', card } };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const method = /\/ppp\/api\/v1\/(\w+)\.do$/.exec(req.url ?? '')?.[1];
      if (req.method !== 'POST' || !method) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as Body;
      calls.push({ method, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(handle(method, body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/ppp/api/v1`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
