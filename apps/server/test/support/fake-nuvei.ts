// A local HTTP server speaking the part of Nuvei's REST API v1 our client uses, checking every
// checksum the way Nuvei does and keeping its own book of transactions (for getTransactionDetails).
// Test-only. The card's behaviour is chosen by its ccTempToken / userPaymentOptionId: containing
// 'challenge' → REDIRECT, 'insufficient' → declined for funds, 'decline' → declined, anything else approved.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  paymentChecksum,
  refundChecksum,
  sessionTokenChecksum,
  transactionDetailsChecksum,
} from '../../src/providers/payments/nuvei/checksum.ts';

/** A transaction as the fake keeps it. */
export interface FakeTransaction {
  transactionId: string;
  clientUniqueId: string;
  transactionType: 'InitAuth3D' | 'Sale' | 'Auth' | 'Credit';
  transactionStatus: 'APPROVED' | 'DECLINED' | 'REDIRECT';
  amount: string;
  currency: string;
}

export interface FakeNuvei {
  baseUrl: string;
  calls: { method: string; body: Record<string, unknown> }[];
  transactions: FakeTransaction[];
  /** The shopper's answer at the issuer's challenge page (what Nuvei then reports). */
  completeChallenge(transactionId: string, approve: boolean): void;
  close(): Promise<void>;
}

type Body = Record<string, string & Record<string, unknown>>;

const CARD = {
  ccCardNumber: '4****1111',
  ccExpMonth: '12',
  ccExpYear: '34',
  cardBrand: 'VISA',
  threeD: { v2supported: 'true', version: '2.2.0' },
};
const UPO = '88001';

export async function startFakeNuvei(creds: { merchantId: string; merchantSiteId: string; secretKey: string }): Promise<FakeNuvei> {
  const calls: FakeNuvei['calls'] = [];
  const transactions: FakeTransaction[] = [];
  let seq = 7100000000;
  const sessions = new Set<string>();

  function book(
    b: Body,
    transactionType: FakeTransaction['transactionType'],
    transactionStatus: FakeTransaction['transactionStatus'],
  ): string {
    const transactionId = String(++seq);
    transactions.push({
      transactionId,
      clientUniqueId: String(b.clientUniqueId ?? ''),
      transactionType,
      transactionStatus,
      amount: String(b.amount ?? ''),
      currency: String(b.currency ?? ''),
    });
    return transactionId;
  }

  function details(b: Body): Record<string, unknown> {
    if (b.checksum !== transactionDetailsChecksum(b as never, creds.secretKey))
      return { status: 'ERROR', errCode: 1001, reason: 'Invalid checksum' };
    const found = transactions
      .filter((t) => (b.transactionId ? t.transactionId === b.transactionId : t.clientUniqueId === b.clientUniqueId))
      .at(-1);
    if (!found) return { status: 'ERROR', errCode: 9146, reason: 'No transaction details returned for the provided ID' };
    return {
      status: 'SUCCESS',
      errCode: 0,
      clientUniqueId: found.clientUniqueId,
      transactionDetails: {
        transactionId: found.transactionId,
        transactionStatus: found.transactionStatus,
        transactionType: found.transactionType,
        processedAmount: found.amount,
        processedCurrency: found.currency,
        ...(found.transactionStatus === 'DECLINED' ? { gwErrorReason: 'Decline' } : {}),
      },
      paymentOption: found.transactionStatus === 'APPROVED' ? { userPaymentOptionId: UPO, card: CARD } : {},
    };
  }

  function handle(method: string, b: Body): Record<string, unknown> {
    const error = (reason: string) => ({ status: 'ERROR', errCode: 1001, reason });
    if (b.merchantId !== creds.merchantId || b.merchantSiteId !== creds.merchantSiteId) return error('Invalid merchant');
    if (method === 'getSessionToken') {
      if (b.checksum !== sessionTokenChecksum(b as never, creds.secretKey)) return error('Invalid checksum');
      const token = `sess-${++seq}`;
      sessions.add(token);
      return { status: 'SUCCESS', errCode: 0, sessionToken: token };
    }
    if (method === 'getTransactionDetails') return details(b);
    if (method === 'refundTransaction') {
      if (b.checksum !== refundChecksum(b as never, creds.secretKey)) return error('Invalid checksum');
      return { status: 'SUCCESS', transactionStatus: 'APPROVED', transactionId: book(b, 'Credit', 'APPROVED') };
    }
    if (!sessions.has(b.sessionToken)) return error('Invalid session token');
    if (b.checksum !== paymentChecksum(b as never, creds.secretKey)) return error('Invalid checksum');
    const option = b.paymentOption as unknown as {
      userPaymentOptionId?: string;
      card: { ccTempToken?: string; threeD?: { version?: string } };
    };
    const key = option.card.ccTempToken ?? option.userPaymentOptionId ?? '';
    if (method === 'initPayment')
      return {
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        transactionId: book(b, 'InitAuth3D', 'APPROVED'),
        paymentOption: { card: CARD },
      };
    const type = b.transactionType === 'Auth' ? 'Auth' : 'Sale';
    if (/insufficient/.test(key))
      return {
        status: 'SUCCESS',
        transactionStatus: 'DECLINED',
        transactionId: book(b, type, 'DECLINED'),
        gwErrorCode: -1,
        gwErrorReason: 'Insufficient Funds',
      };
    if (/decline/.test(key))
      return {
        status: 'SUCCESS',
        transactionStatus: 'DECLINED',
        transactionId: book(b, type, 'DECLINED'),
        gwErrorCode: -1,
        gwErrorReason: 'Decline',
      };
    // A zero-amount verification (transactionType Auth, 0.00) is exempt from the challenge.
    const verification = b.transactionType === 'Auth' && b.amount === '0.00';
    if (/challenge/.test(key) && !verification) {
      const transactionId = book(b, type, 'REDIRECT');
      return {
        status: 'SUCCESS',
        transactionStatus: 'REDIRECT',
        transactionId,
        paymentOption: { card: { threeD: { acsUrl: 'https://acs.example/challenge', cReq: 'abc' } } },
      };
    }
    return {
      status: 'SUCCESS',
      transactionStatus: 'APPROVED',
      transactionId: book(b, type, 'APPROVED'),
      paymentOption: { userPaymentOptionId: UPO, card: CARD },
    };
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
    transactions,
    completeChallenge(transactionId, approve) {
      const txn = transactions.find((t) => t.transactionId === transactionId && t.transactionStatus === 'REDIRECT');
      if (!txn) throw new Error(`no open challenge ${transactionId}`);
      txn.transactionStatus = approve ? 'APPROVED' : 'DECLINED';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
