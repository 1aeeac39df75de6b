// The store's AppError: the kit's class (one class, so `instanceof` sees every error the kit's helpers make
// too), typed so that its code is one of the store's catalogue (ErrorCode, @store/shared; issue 25). Store
// code imports AppError from here; lint refuses the kit's untyped one outside this file.
import { AppError as KitAppError } from '@store/server-kit';
import type { ErrorCode } from '@store/shared';

export type AppError = KitAppError<ErrorCode>;
export const AppError = KitAppError as new (statusCode: number, code: ErrorCode, message: string, field?: string) => AppError;

/** The failure envelope `{ success: false, message, code, field? }` (DESIGN §1) for an answer sent without throwing. */
export function failureEnvelope(code: ErrorCode, message: string, field?: string) {
  return { success: false as const, message, code, ...(field === undefined ? {} : { field }) };
}
