/**
 * Routes one accepted frame message (§4). Sign/send requests resolve with the reply text ('ERROR …' on
 * failure); the rest resolve with null (nothing to post back). Origin and source are checked by the caller.
 */
import { FRAME_METHODS, type AuthDeclinedInfo, type FrameMessage, type SuccessInfo, errorReply, heightChangeId } from './protocol.ts';
import type { WalletHandlers } from './wallets/handler-types.ts';
import {
  INPUT_ERROR_METHOD,
  type InputErrorInfo,
  inputErrorInfoSchema,
  readInfo,
  receivedAuthDeclinedInfoSchema,
  receivedSuccessInfoSchema,
} from './wire/messages.ts';

/** What the page refused (a parameter, a payment method), as our SDK's onError receives it: `field` names it. */
export class CheckoutInputError extends Error {
  readonly field: string;
  constructor(info: InputErrorInfo) {
    super(info.message);
    this.name = 'CheckoutInputError';
    this.field = info.field;
  }
}

export interface RouterContext {
  /** This instance's id: only heightChange-{id} is ours. */
  id: string;
  handlers: WalletHandlers;
  onSuccess?: (info: SuccessInfo) => void;
  onAuthDeclined?: (info: AuthDeclinedInfo) => void;
  onHeightChange?: (heightPx: number) => void;
  onInputError?: (info: InputErrorInfo) => void;
  onError?: (error: Error) => void;
}

async function walletReply(run: (data: string) => Promise<string>, data: string | undefined): Promise<string> {
  if (data === undefined) return errorReply('The request has no data');
  try {
    return await run(data);
  } catch (error) {
    return errorReply(error instanceof Error ? error.message : String(error));
  }
}

export async function routeFrameMessage(message: FrameMessage, ctx: RouterContext): Promise<string | null> {
  const { method, data } = message;
  switch (method) {
    case FRAME_METHODS.signMessage:
      return walletReply((d) => ctx.handlers.signMessage(d), data);
    case FRAME_METHODS.signTransaction:
      return walletReply((d) => ctx.handlers.signTransaction(d), data);
    case FRAME_METHODS.sendTransaction:
      return walletReply((d) => ctx.handlers.sendTransaction(d), data);
    case FRAME_METHODS.success: {
      const read = readInfo(receivedSuccessInfoSchema, message);
      if (read) ctx.onSuccess?.(read);
      else console.warn('Checkout: success without a readable info was ignored');
      return null;
    }
    case FRAME_METHODS.authDeclined: {
      const read = readInfo(receivedAuthDeclinedInfoSchema, message);
      if (read) ctx.onAuthDeclined?.(read);
      else console.warn('Checkout: authDeclined without a readable info was ignored');
      return null;
    }
    case INPUT_ERROR_METHOD: {
      // A parameter or payment method the page refused: the merchant hears of it through both callbacks.
      const read = readInfo(inputErrorInfoSchema, message);
      if (read) {
        ctx.onInputError?.(read);
        ctx.onError?.(new CheckoutInputError(read));
      } else console.warn('Checkout: inputError without a readable info was ignored');
      return null;
    }
    case 'inputValid':
    case FRAME_METHODS.loaded: // drives the overlay, handled by the caller
    case FRAME_METHODS.accountLinked:
      return null;
  }
  const heightOf = heightChangeId(method);
  if (heightOf !== null) {
    // Another instance's id: not ours to act on (the source check normally stops it earlier).
    if (heightOf !== ctx.id) return null;
    const height = Number(data);
    if (data !== undefined && data.trim() !== '' && Number.isFinite(height) && height >= 0) ctx.onHeightChange?.(height);
    return null;
  }
  console.warn(`Checkout: unknown frame method '${method}' ignored`);
  return null;
}
