// A local HTTP server speaking the part of Nuvei's REST API v1 our client uses, checking every
// checksum the way Nuvei does and keeping its own book of transactions (for getTransactionDetails).
// Test-only. Card calls carry a raw card (paymentOption.card: cardNumber, cardHolderName,
// expirationMonth, expirationYear, CVV), as the vault's relay sends them (ADR 010); a card that is not
// one (a placeholder the vault left, a number failing Luhn) is refused as Nuvei refuses it. The card's
// behaviour is chosen by its number, the sandbox's test cards: the challenge card → REDIRECT, the
// insufficient-funds card → declined for funds, the declined card → declined, anything else approved.
// Nuvei answers with the card masked and the shopper's userPaymentOptionId for it (one per user and card).
// A payment (Sale, or the zero-amount Auth) must carry the card's CVV, as acquirers require for a card
// not present: without one it is refused with Nuvei's documented errCode 1062 "Invalid CVV" (ADR 038; when
// Nuvei gives 1062 for a missing CVV rather than a malformed one is not documented). initPayment (the 3-D
// Secure fingerprint) and the payment that completes a challenge may go without it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// Checksums are checked with the sandboxes' own rules, written from Nuvei's published orders (ADR 039),
// never with the client's checksum.ts.
import { checkSigned, missingPayerField } from '../../src/providers/payments/nuvei/sandbox/checksum-rules.ts';
import { luhnValid } from '../../src/providers/vault/card-rules.ts';
import { SANDBOX_CARDS } from '../../src/providers/payments/nuvei/sandbox/test-cards.ts';

/** A transaction as the fake keeps it. */
export interface FakeTransaction {
  transactionId: string;
  clientUniqueId: string;
  transactionType: 'InitAuth3D' | 'Sale' | 'Auth' | 'Settle' | 'Void' | 'Credit' | 'Payout';
  transactionStatus: 'APPROVED' | 'DECLINED' | 'REDIRECT';
  amount: string;
  currency: string;
  /** The card as Nuvei reports it (masked) with its userPaymentOptionId, for a card call. */
  card?: { upo: string; info: CardInfo };
}

interface CardInfo {
  ccCardNumber: string;
  ccExpMonth: string;
  ccExpYear: string;
  cardBrand: string;
  threeD?: { v2supported: string; version: string };
}

export interface FakeNuvei {
  baseUrl: string;
  /** Every request as it arrived (card calls with the card as the vault filled it in). */
  calls: { method: string; body: Record<string, unknown> }[];
  transactions: FakeTransaction[];
  /** A careless provider: its answers carry the full card number (the relay must mask it). */
  echoCardNumber: boolean;
  /** Methods (e.g. 'deleteUPO') answered with HTTP 503, as an outage would. */
  failing: Set<string>;
  /** Methods (e.g. 'settleTransaction') Nuvei carries out, whose answer is then lost (the connection drops). */
  answerLost: Set<string>;
  /** The shopper's answer at the issuer's challenge page (what Nuvei then reports). */
  completeChallenge(transactionId: string, approve: boolean): void;
  close(): Promise<void>;
}

type Body = Record<string, string & Record<string, unknown>>;

/** Nuvei's raw card in a payment request. */
interface RawCard {
  cardNumber?: unknown;
  cardHolderName?: unknown;
  expirationMonth?: unknown;
  expirationYear?: unknown;
  CVV?: unknown;
  threeD?: { version?: string };
}

const THREE_D = { v2supported: 'true', version: '2.2.0' };
/** A payout (cash-out, issue 10) to this userPaymentOptionId is declined by the bank. */
export const FAKE_DECLINED_PAYOUT_UPO = '777999';

export async function startFakeNuvei(creds: { merchantId: string; merchantSiteId: string; secretKey: string }): Promise<FakeNuvei> {
  const calls: FakeNuvei['calls'] = [];
  const transactions: FakeTransaction[] = [];
  let seq = 7100000000;
  const sessions = new Set<string>();
  const upos = new Map<string, string>();
  const state = { echoCardNumber: false };
  const failing = new Set<string>();
  const answerLost = new Set<string>();
  /** Transactions answered REDIRECT (a challenge) awaiting their final payment, which names one. */
  const challenged = new Set<string>();
  /** Authorisations settled (settleTransaction) or voided (voidTransaction): each once, and never both. */
  const settled = new Set<string>();

  /** The card Nuvei would charge, or why it refuses the request. */
  function readCard(
    card: RawCard | undefined,
    { cvvRequired }: { cvvRequired: boolean },
  ): { number: string; month: string; year: string } | { refused: string; errCode?: number } {
    if (!card) return { refused: 'Missing card' };
    if (cvvRequired && card.CVV === undefined) return { refused: 'Invalid CVV', errCode: 1062 };
    const { cardNumber, cardHolderName, expirationMonth, expirationYear, CVV } = card;
    if (typeof cardNumber !== 'string' || !luhnValid(cardNumber)) return { refused: 'Invalid card number' };
    if (typeof expirationMonth !== 'string' || !/^(0[1-9]|1[0-2])$/.test(expirationMonth)) return { refused: 'Invalid expiration month' };
    if (typeof expirationYear !== 'string' || !/^\d{4}$/.test(expirationYear)) return { refused: 'Invalid expiration year' };
    if (typeof cardHolderName !== 'string' || !cardHolderName.trim()) return { refused: 'Invalid cardHolderName' };
    if (CVV !== undefined && (typeof CVV !== 'string' || !/^\d{3,4}$/.test(CVV))) return { refused: 'Invalid CVV', errCode: 1062 };
    return { number: cardNumber, month: expirationMonth, year: expirationYear };
  }

  function cardFor(b: Body, card: { number: string; month: string; year: string }): NonNullable<FakeTransaction['card']> {
    const key = `${String(b.userTokenId)}:${card.number}`;
    if (!upos.has(key)) upos.set(key, String(88001 + upos.size));
    return {
      upo: upos.get(key)!,
      info: {
        ccCardNumber: state.echoCardNumber ? card.number : `${card.number.slice(0, 1)}****${card.number.slice(-4)}`,
        ccExpMonth: card.month,
        ccExpYear: card.year.slice(-2),
        cardBrand: card.number.startsWith('4') ? 'VISA' : card.number.startsWith('5') ? 'MASTERCARD' : 'CARD',
      },
    };
  }

  function book(
    b: Body,
    transactionType: FakeTransaction['transactionType'],
    transactionStatus: FakeTransaction['transactionStatus'],
    card?: FakeTransaction['card'],
  ): string {
    const transactionId = String(++seq);
    transactions.push({
      transactionId,
      clientUniqueId: String(b.clientUniqueId ?? ''),
      transactionType,
      transactionStatus,
      amount: String(b.amount ?? ''),
      currency: String(b.currency ?? ''),
      card,
    });
    return transactionId;
  }

  function details(b: Body): Record<string, unknown> {
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
      paymentOption:
        found.transactionStatus === 'APPROVED' && found.card ? { userPaymentOptionId: found.card.upo, card: found.card.info } : {},
    };
  }

  function handle(method: string, b: Body): Record<string, unknown> {
    const error = (reason: string) => ({ status: 'ERROR', errCode: 1001, reason });
    // The merchant and the checksum first, as Nuvei checks them (1013/1022, 1001 Invalid checksum).
    const unsigned = checkSigned(method, b, creds);
    if (unsigned) return { ...unsigned };
    if (method === 'getSessionToken') {
      const token = `sess-${++seq}`;
      sessions.add(token);
      return { status: 'SUCCESS', errCode: 0, sessionToken: token };
    }
    if (method === 'getTransactionDetails') return details(b);
    if (method === 'deleteUPO') return { status: 'SUCCESS', errCode: 0 };
    if (method === 'settleTransaction') {
      // An approved authorisation (transactionType Auth), settled once. Nuvei refuses a settle of an unknown,
      // declined or already settled one; its exact code and wording for each are not documented (an ERROR
      // transaction status with a gateway reason, as its other refusals of a related transaction).
      const auth = transactions.find(
        (t) => t.transactionId === b.relatedTransactionId && t.transactionType === 'Auth' && t.transactionStatus === 'APPROVED',
      );
      if (!auth || settled.has(auth.transactionId))
        return { status: 'SUCCESS', transactionStatus: 'ERROR', gwErrorCode: -1100, gwErrorReason: 'Transaction cannot be settled' };
      settled.add(auth.transactionId);
      return { status: 'SUCCESS', transactionStatus: 'APPROVED', transactionId: book(b, 'Settle', 'APPROVED') };
    }
    if (method === 'voidTransaction') {
      // A void of an approved authorisation releases its hold; like a settle, once, and not after a settle (an
      // ERROR transaction status with a gateway reason, as Nuvei refuses a related transaction it cannot act on).
      const auth = transactions.find(
        (t) => t.transactionId === b.relatedTransactionId && t.transactionType === 'Auth' && t.transactionStatus === 'APPROVED',
      );
      if (!auth || settled.has(auth.transactionId))
        return { status: 'SUCCESS', transactionStatus: 'ERROR', gwErrorCode: -1100, gwErrorReason: 'Transaction cannot be voided' };
      settled.add(auth.transactionId);
      return { status: 'SUCCESS', transactionStatus: 'APPROVED', transactionId: book(b, 'Void', 'APPROVED') };
    }
    if (method === 'refundTransaction') {
      return { status: 'SUCCESS', transactionStatus: 'APPROVED', transactionId: book(b, 'Credit', 'APPROVED') };
    }
    if (method === 'payout') {
      // A credit to a saved bank account (Nuvei's payout), signed like a payment; no session token; the
      // payer's billing address and IP required (ADR 039).
      const missing = missingPayerField(b);
      if (missing) return { ...missing };
      const upo = (b.userPaymentOption as { userPaymentOptionId?: unknown } | undefined)?.userPaymentOptionId;
      if (typeof upo !== 'string' || !upo) return { status: 'ERROR', errCode: 1011, reason: 'Missing or invalid UserPaymentOption data' };
      if (upo === FAKE_DECLINED_PAYOUT_UPO)
        return {
          status: 'SUCCESS',
          transactionStatus: 'DECLINED',
          transactionId: book(b, 'Payout', 'DECLINED'),
          gwErrorReason: 'R03 No account',
        };
      return { status: 'SUCCESS', transactionStatus: 'APPROVED', transactionId: book(b, 'Payout', 'APPROVED') };
    }
    if (!sessions.has(b.sessionToken)) return error('Invalid session token');
    // Every card call names the payer: billingAddress and deviceDetails.ipAddress (ADR 037, 039).
    const missingPayer = missingPayerField(b);
    if (missingPayer) return { ...missingPayer };
    const option = b.paymentOption as unknown as { card?: RawCard } | undefined;
    // The payment that completes a challenge names the challenged transaction: the shopper was authenticated.
    const completesChallenge = challenged.has(String(b.relatedTransactionId ?? ''));
    const read = readCard(option?.card, { cvvRequired: method === 'payment' && !completesChallenge });
    if ('refused' in read) return { status: 'ERROR', errCode: read.errCode ?? 1069, reason: read.refused };
    const card = cardFor(b, read);
    if (method === 'initPayment')
      return {
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        transactionId: book(b, 'InitAuth3D', 'APPROVED'),
        paymentOption: { card: { ...card.info, threeD: THREE_D } },
      };
    const type = b.transactionType === 'Auth' ? 'Auth' : 'Sale';
    if (read.number === SANDBOX_CARDS.insufficientFunds)
      return {
        status: 'SUCCESS',
        transactionStatus: 'DECLINED',
        transactionId: book(b, type, 'DECLINED'),
        gwErrorCode: -1,
        gwErrorReason: 'Insufficient Funds',
      };
    if (read.number === SANDBOX_CARDS.declined)
      return {
        status: 'SUCCESS',
        transactionStatus: 'DECLINED',
        transactionId: book(b, type, 'DECLINED'),
        gwErrorCode: -1,
        gwErrorReason: 'Decline',
      };
    // A zero-amount verification (transactionType Auth, 0.00) is exempt from the challenge.
    const verification = b.transactionType === 'Auth' && b.amount === '0.00';
    // The final payment after a challenge (relatedTransactionId = the transaction that answered REDIRECT):
    // sold when the shopper passed the challenge (completeChallenge), declined otherwise (ADR 037).
    const redirected = completesChallenge ? transactions.find((t) => t.transactionId === b.relatedTransactionId) : undefined;
    if (redirected) {
      challenged.delete(redirected.transactionId);
      if (redirected.transactionStatus !== 'APPROVED')
        return {
          status: 'SUCCESS',
          transactionStatus: 'DECLINED',
          transactionId: book(b, type, 'DECLINED'),
          gwErrorCode: -1,
          gwErrorReason: 'Decline',
        };
      return {
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        transactionId: book(b, type, 'APPROVED', card),
        paymentOption: { userPaymentOptionId: card.upo, card: card.info },
      };
    }
    if (read.number === SANDBOX_CARDS.challenge && !verification) {
      const transactionId = book(b, type, 'REDIRECT', card);
      challenged.add(transactionId);
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
      transactionId: book(b, type, 'APPROVED', card),
      paymentOption: { userPaymentOptionId: card.upo, card: card.info },
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
      if (failing.has(method)) {
        res.writeHead(503).end();
        return;
      }
      const answer = handle(method, body);
      if (answerLost.has(method)) {
        // Done at Nuvei; the merchant never hears so.
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/ppp/api/v1`,
    calls,
    transactions,
    failing,
    answerLost,
    get echoCardNumber() {
      return state.echoCardNumber;
    },
    set echoCardNumber(on: boolean) {
      state.echoCardNumber = on;
    },
    completeChallenge(transactionId, approve) {
      const txn = transactions.find((t) => t.transactionId === transactionId && t.transactionStatus === 'REDIRECT');
      if (!txn) throw new Error(`no open challenge ${transactionId}`);
      txn.transactionStatus = approve ? 'APPROVED' : 'DECLINED';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
