import { describe, expect, it } from 'vitest';
import * as protocol from './protocol.ts';

const {
  parseFrameMessage,
  parseReply,
  errorReply,
  heightChangeMethod,
  heightChangeId,
  heightChangeIdFromQuery,
  chooseParentOrigin,
  encodeFrameMessage,
  encodeEvmTransaction,
  decodeEvmTransactionData,
  compressParam,
  decompressParam,
} = protocol;

describe('frame messages', () => {
  it('parses the page’s JSON strings and refuses everything else', () => {
    expect(parseFrameMessage('{"method":"signMessage","data":"hi"}')).toEqual({ method: 'signMessage', data: 'hi' });
    expect(parseFrameMessage('{"method":"success","info":{"sessionId":"s"}}')).toEqual({ method: 'success', info: { sessionId: 's' } });
    for (const bad of [
      { method: 'x' },
      42,
      null,
      '',
      'nope',
      '[]',
      '"loaded"',
      '{"method":""}',
      '{"method":1}',
      '{"method":"x","data":5}',
    ]) {
      expect(parseFrameMessage(bad), String(bad)).toBeNull();
    }
  });

  it('replies: the result, or ERROR and the message', () => {
    expect(errorReply('boom')).toBe('ERROR boom');
    expect(parseReply('ERROR boom')).toEqual({ ok: false, message: 'boom' });
    expect(parseReply('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW')).toEqual({
      ok: true,
      result: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
    });
  });

  it('heightChange carries the instance id as the published SDK listens for it (heightChange:{id}); the older heightChange-{id} is still read', () => {
    expect(heightChangeMethod('abc-1')).toBe('heightChange:abc-1');
    expect(heightChangeId('heightChange:abc-1')).toBe('abc-1');
    expect(heightChangeId('heightChange-abc-1')).toBe('abc-1');
    expect(heightChangeId('success')).toBeNull();
  });

  it('the page reports height for useHeightChange={id} (published SDK) and for useHeightChange=true with handlerId (ours)', () => {
    const q = (s: string) => heightChangeIdFromQuery(new URLSearchParams(s));
    expect(q('useHeightChange=pub-7')).toBe('pub-7');
    expect(q('useHeightChange=true&handlerId=h1')).toBe('h1');
    expect(q('useHeightChange=true')).toBeNull();
    expect(q('useHeightChange=false&handlerId=h1')).toBeNull();
    expect(q('handlerId=h1')).toBeNull();
  });

  it('every posted message carries method and data (the published SDK ignores one without data), and info where there is one', () => {
    expect(JSON.parse(encodeFrameMessage({ method: 'loaded' }))).toEqual({ method: 'loaded', data: '' });
    expect(JSON.parse(encodeFrameMessage({ method: 'success', data: 'p1', info: { paymentId: 'p1' } }))).toEqual({
      method: 'success',
      data: 'p1',
      info: { paymentId: 'p1' },
    });
    expect(JSON.parse(encodeFrameMessage({ method: 'heightChange:h', data: '742' }))).toEqual({ method: 'heightChange:h', data: '742' });
  });

  it('an EVM transaction travels as base64 of its JSON; the plain JSON of older pages is still read', () => {
    const tx = { to: `0x${'1'.repeat(40)}` as const, data: '0xa9059cbb' as const, chainId: 8453 };
    const wire = encodeEvmTransaction(tx);
    expect(wire).toBe(Buffer.from(JSON.stringify(tx)).toString('base64'));
    expect(JSON.parse(decodeEvmTransactionData(wire))).toEqual(tx);
    expect(JSON.parse(decodeEvmTransactionData(JSON.stringify(tx)))).toEqual(tx);
    expect(encodeEvmTransaction(JSON.stringify(tx))).toBe(wire);
    expect(() => decodeEvmTransactionData('%%% not base64')).toThrow('neither base64 JSON nor JSON');
  });

  it('the page posts only to the parent origin it can know, never to the first allowed one blindly', () => {
    const allowed = ['https://a.shop', 'https://b.shop'];
    // Chromium: ancestorOrigins names the parent; one outside the allowed (or named) origins gets nothing.
    expect(chooseParentOrigin({ allowed, ancestor: 'https://b.shop' })).toBe('https://b.shop');
    expect(chooseParentOrigin({ allowed, ancestor: 'https://evil.example', referrer: 'https://a.shop/pay' })).toBeNull();
    expect(chooseParentOrigin({ allowed, named: ['https://a.shop'], ancestor: 'https://b.shop' })).toBeNull();
    // Without ancestorOrigins and origins (Firefox, the published SDK's default): the referrer's origin when allowed, else nothing.
    expect(chooseParentOrigin({ allowed, referrer: 'https://b.shop/checkout?x=1' })).toBe('https://b.shop');
    expect(chooseParentOrigin({ allowed, referrer: 'https://evil.example/' })).toBeNull();
    expect(chooseParentOrigin({ allowed, referrer: '' })).toBeNull();
    expect(chooseParentOrigin({ allowed, referrer: 'not a url' })).toBeNull();
    // origins naming exactly one allowed origin: that one; naming two: the referrer must say which.
    expect(chooseParentOrigin({ allowed, named: ['https://b.shop'] })).toBe('https://b.shop');
    expect(chooseParentOrigin({ allowed, named: allowed })).toBeNull();
    expect(chooseParentOrigin({ allowed, named: allowed, referrer: 'https://b.shop/' })).toBe('https://b.shop');
  });

  it('compressed parameters round-trip, garbage decodes to undefined', () => {
    expect(decompressParam(compressParam({ a: ['é', 1] }))).toEqual({ a: ['é', 1] });
    expect(decompressParam('%%%')).toBeUndefined();
    expect(decompressParam(null)).toBeUndefined();
  });
});

describe('§8 texts and §9 constants', () => {
  it('are the spec’s', () => {
    expect(protocol.SIGN_MESSAGE_NOT_SUPPORTED).toBe('signMessage is not supported by this wallet');
    expect(protocol.SIGN_TRANSACTION_NOT_SUPPORTED).toBe('signTransaction is not supported by this wallet');
    expect(protocol.BS58_REQUIRED).toBe('bs58 dependency is required');
    expect(protocol.SOLANA_WEB3_REQUIRED).toBe('@solana/web3.js dependency is required for Solana');
    expect(protocol.BLOCKCHAIN_NOT_SUPPORTED).toBe('blockchain not supported!');
    expect(protocol.IFRAME_NOT_DEFINED).toBe('Iframe not defined');
    expect(protocol.WINDOW_NOT_DEFINED).toBe('Window not defined');
    expect(protocol.UNABLE_TO_GET_TOKEN).toBe('Unable to get token');
    expect(protocol.SEND_TRANSACTION_NOT_IMPLEMENTED).toBe('handleSendTransaction Not Implemented');
    expect([protocol.EMBEDDED_OVERLAY_HIDE_DELAY_MS, protocol.EMBEDDED_FADE_MS, protocol.CARD_LOADED_DELAY_MS]).toEqual([2000, 300, 350]);
    expect([protocol.PACKET_DATA_SIZE, protocol.SIGNATURE_LENGTH, protocol.PUBLIC_KEY_LENGTH, protocol.MAX_SEED_LENGTH]).toEqual([
      1232, 64, 32, 32,
    ]);
    expect([protocol.VERSION_PREFIX_MASK, protocol.WS_CLOSE_CODE]).toEqual([127, 1000]);
    expect(protocol.WS_DEFAULTS).toEqual({ autoconnect: true, reconnect: true, reconnect_interval: 1000, max_reconnects: 5 });
    expect(protocol.BLOCKCHAINS).toEqual(['solana', 'polygon', 'eth', 'base', 'arbitrum', 'user']);
  });
});
