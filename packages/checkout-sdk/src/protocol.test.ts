import { describe, expect, it } from 'vitest';
import * as protocol from './protocol.ts';

const { parseFrameMessage, parseReply, errorReply, heightChangeMethod, heightChangeId, compressParam, decompressParam } = protocol;

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

  it('heightChange carries the instance id', () => {
    expect(heightChangeMethod('abc-1')).toBe('heightChange-abc-1');
    expect(heightChangeId('heightChange-abc-1')).toBe('abc-1');
    expect(heightChangeId('success')).toBeNull();
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
