// Square's webhook signature, with Square's own SDK as the oracle (issue 22). The SDK has no signing helper
// (Square signs, merchants only verify), so the SDK's WebhooksHelper.verifySignature judges what our
// sandbox signs, and our synchronous check (squareSignatureMatches, used where the registry's contract is
// synchronous) must agree with it on every case, genuine or not.
import { randomBytes } from 'node:crypto';
import { WebhooksHelper } from 'square';
import { describe, expect, it } from 'vitest';
import { signSquareWebhook, squareSignatureMatches } from './webhook.ts';

const notificationUrl = 'https://store.example/api/v1/payment/square/webhook';
const signatureKey = randomBytes(16).toString('base64url');
const body = JSON.stringify({
  merchant_id: 'ML8M1AQ1GQG2K',
  type: 'payment.updated',
  event_id: '6a8f5f28-54a1-4eb0-a98a-3111513fd4fc',
  created_at: '2026-11-28T05:40:00.000Z',
  data: { type: 'payment', id: 'KkAkhdMsgzn59SM8A89WgKwekxLZY', object: { payment: { id: 'KkAkhdMsgzn59SM8A89WgKwekxLZY' } } },
});

const sdkAccepts = (requestBody: string, signatureHeader: string, key = signatureKey, url = notificationUrl) =>
  WebhooksHelper.verifySignature({ requestBody, signatureHeader, signatureKey: key, notificationUrl: url });

describe("Square webhook signatures, judged by Square's SDK", () => {
  it("the sandbox's signature is one Square's SDK accepts", async () => {
    expect(await sdkAccepts(body, signSquareWebhook(signatureKey, notificationUrl, body))).toBe(true);
  });

  it('our check agrees with the SDK on genuine, tampered, re-addressed and re-keyed deliveries', async () => {
    const genuine = signSquareWebhook(signatureKey, notificationUrl, body);
    const cases: { name: string; body: string; signature: string; key?: string; url?: string }[] = [
      { name: 'genuine', body, signature: genuine },
      { name: 'tampered body', body: body.replace('payment.updated', 'payment.created'), signature: genuine },
      { name: 'another notification URL', body, signature: genuine, url: `${notificationUrl}/other` },
      { name: 'another signature key', body, signature: genuine, key: randomBytes(16).toString('base64url') },
      { name: 'signature of another body', body, signature: signSquareWebhook(signatureKey, notificationUrl, `${body} `) },
      { name: 'truncated signature', body, signature: genuine.slice(0, -2) },
    ];
    for (const c of cases) {
      const key = c.key ?? signatureKey;
      const url = c.url ?? notificationUrl;
      const sdk = await sdkAccepts(c.body, c.signature, key, url);
      expect({ case: c.name, ours: squareSignatureMatches(key, url, c.body, c.signature) }).toEqual({ case: c.name, ours: sdk });
    }
    // The genuine case is accepted and every other refused: the comparison above is not between two refusals.
    expect(await sdkAccepts(body, genuine)).toBe(true);
    expect(await sdkAccepts(body.replace('payment.updated', 'payment.created'), genuine)).toBe(false);
  });
});
