// The frame messages as the page posts them (through these schemas) reach the published SDK's own handler
// (handleIFrameMessage, unmodified) and our SDK's router with their info; a message either would drop is
// refused when it is built.
import { handleIFrameMessage } from '@coinflowlabs/react';
import { describe, expect, it, vi } from 'vitest';
import { parseFrameMessage } from '../protocol.ts';
import { CheckoutInputError, routeFrameMessage } from '../router.ts';
import type { WalletHandlers } from '../wallets/handler-types.ts';
import { encodePostedMessage, inputErrorInfoSchema, postedFrameMessageSchema, type PostedMessage } from './messages.ts';

const success = {
  paymentId: 's-1',
  sessionId: 's-1',
  reference: 'r-1',
  method: 'card',
  amountCents: 1999,
  currency: 'USD',
} as const;
const declined = {
  title: 'Card declined',
  code: 'CARD_DECLINED',
  action: 'Try another card.',
  message: 'Insufficient funds',
  total: '$19.99',
  sessionId: 's-1',
  reference: 'r-1',
  reason: 'Insufficient funds',
};
const refused = { field: 'allowedPaymentMethods', message: 'allowedPaymentMethods: sepa is not offered by this checkout.' };

const noWallet: WalletHandlers = {
  signMessage: () => Promise.reject(new Error('no')),
  signTransaction: () => Promise.reject(new Error('no')),
  sendTransaction: () => Promise.reject(new Error('no')),
};

function publishedHandlers() {
  return {
    handleSendTransaction: vi.fn(),
    handleSignMessage: vi.fn(),
    handleSignTransaction: vi.fn(),
    handleHeightChange: vi.fn(),
    onSuccess: vi.fn(),
    onAuthDeclined: vi.fn(),
    onInputError: vi.fn(),
    onInputValid: vi.fn(),
  };
}

describe('the messages the page posts', () => {
  it('reach the published SDK’s own callbacks with their info', async () => {
    const handlers = publishedHandlers();
    await handleIFrameMessage(encodePostedMessage({ method: 'success', data: 's-1', info: success }), handlers, 'h-1');
    await handleIFrameMessage(encodePostedMessage({ method: 'authDeclined', data: 'CARD_DECLINED', info: declined }), handlers, 'h-1');
    await handleIFrameMessage(encodePostedMessage({ method: 'inputError', data: refused.field, info: refused }), handlers, 'h-1');
    await handleIFrameMessage(encodePostedMessage({ method: 'heightChange:h-1', data: '640' }), handlers, 'h-1');
    await handleIFrameMessage(encodePostedMessage({ method: 'signTransaction', data: 'base58tx' }), handlers, 'h-1');
    expect(handlers.onSuccess).toHaveBeenCalledWith(success);
    expect(handlers.onAuthDeclined).toHaveBeenCalledWith(declined);
    expect(handlers.onInputError).toHaveBeenCalledWith(refused);
    expect(handlers.handleHeightChange).toHaveBeenCalledWith('640');
    expect(handlers.handleSignTransaction).toHaveBeenCalledWith('base58tx');
  });

  it('reach our SDK’s callbacks: an inputError through onInputError and onError, naming what was refused', async () => {
    const onSuccess = vi.fn();
    const onAuthDeclined = vi.fn();
    const onInputError = vi.fn();
    const onError = vi.fn();
    const ctx = { id: 'h-1', handlers: noWallet, onSuccess, onAuthDeclined, onInputError, onError };
    for (const message of [
      { method: 'success', data: 's-1', info: success },
      { method: 'authDeclined', data: 'CARD_DECLINED', info: declined },
      { method: 'inputError', data: refused.field, info: refused },
    ] satisfies PostedMessage[])
      expect(await routeFrameMessage(parseFrameMessage(encodePostedMessage(message))!, ctx)).toBeNull();
    expect(onSuccess).toHaveBeenCalledWith(success);
    expect(onAuthDeclined).toHaveBeenCalledWith(declined);
    expect(onInputError).toHaveBeenCalledWith(refused);
    const error = onError.mock.calls[0]![0] as CheckoutInputError;
    expect(error).toBeInstanceOf(CheckoutInputError);
    expect(error.field).toBe('allowedPaymentMethods');
    expect(error.message).toBe(refused.message);
  });

  it('keep the fields the host adds beside the published SDK’s own', () => {
    const posted = JSON.parse(
      encodePostedMessage({ method: 'success', data: 's-1', info: { ...success, settlementType: 'USDC' } as typeof success }),
    ) as { info: Record<string, unknown> };
    expect(posted.info.settlementType).toBe('USDC');
  });

  it.each([
    ['no data', { method: 'success', info: success }],
    ['a success without paymentId', { method: 'success', data: 's-1', info: { ...success, paymentId: '' } }],
    ['a decline without title', { method: 'authDeclined', data: 'X', info: { ...declined, title: undefined } }],
    ['an inputError without message', { method: 'inputError', data: 'x', info: { field: 'x' } }],
    ['a height that is not a number', { method: 'heightChange:h-1', data: 'tall' }],
    ['a wallet request without data', { method: 'signTransaction', data: '' }],
    ['an unknown method', { method: 'paid', data: 'x' }],
  ])('are refused when built with %s', (_what, message) => {
    expect(() => encodePostedMessage(message as PostedMessage)).toThrow();
    expect(postedFrameMessageSchema.safeParse(message).success).toBe(false);
  });

  it('our SDK still reads the info of a page before issue 23 (one release), filling the published SDK’s fields', async () => {
    const onSuccess = vi.fn();
    const onAuthDeclined = vi.fn();
    const ctx = { id: 'h-1', handlers: noWallet, onSuccess, onAuthDeclined };
    const { paymentId: _paymentId, ...oldSuccess } = success;
    await routeFrameMessage({ method: 'success', info: oldSuccess }, ctx);
    await routeFrameMessage(
      { method: 'authDeclined', info: { code: 'CARD_DECLINED', reason: 'Insufficient funds', sessionId: 's-1', reference: 'r-1' } },
      ctx,
    );
    expect(onSuccess).toHaveBeenCalledWith({ ...oldSuccess, paymentId: 's-1' });
    expect(onAuthDeclined).toHaveBeenCalledWith({
      title: 'Payment declined',
      code: 'CARD_DECLINED',
      action: '',
      message: 'Insufficient funds',
      total: '',
      sessionId: 's-1',
      reference: 'r-1',
      reason: 'Insufficient funds',
    });
  });

  it('our SDK ignores an inputError whose info it cannot read', async () => {
    const onInputError = vi.fn();
    const onError = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await routeFrameMessage(
      { method: 'inputError', data: 'x', info: { field: 'x' } },
      { id: 'h', handlers: noWallet, onInputError, onError },
    );
    expect(onInputError).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    expect(inputErrorInfoSchema.safeParse(refused).success).toBe(true);
  });
});
