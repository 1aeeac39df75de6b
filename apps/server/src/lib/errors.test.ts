// The store's AppError takes only the codes of @store/shared's catalogue (issue 25). The guard is the type
// check: `npm run typecheck` fails if the line marked @ts-expect-error below were ever accepted.
import { AppError as KitAppError } from '@store/server-kit';
import { ERROR_CODES } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { AppError, failureEnvelope } from './errors.ts';

describe("the store's AppError", () => {
  it("is the kit's class (instanceof sees both), with a code from the catalogue", () => {
    const refusal = new AppError(409, 'ORDER_STATE', 'This order is paid and cannot become canceled.');
    expect(refusal).toBeInstanceOf(KitAppError);
    expect(new KitAppError(404, 'NOT_FOUND', 'Not found.')).toBeInstanceOf(AppError);
    expect(Object.keys(ERROR_CODES)).toContain(refusal.code);
  });

  it('refuses, at the type check, a code the catalogue does not list', () => {
    // @ts-expect-error: 'ORDER_STAT' is not an ErrorCode (a misspelt code fails `npm run typecheck`).
    const misspelt = new AppError(409, 'ORDER_STAT', 'x');
    expect(Object.keys(ERROR_CODES)).not.toContain(misspelt.code);
  });

  it('answers the failure envelope, with the field only when there is one', () => {
    expect(failureEnvelope('NOT_FOUND', 'Not found.')).toEqual({ success: false, message: 'Not found.', code: 'NOT_FOUND' });
    expect(failureEnvelope('VALIDATION_FAILED', 'Invalid card data', 'number')).toEqual({
      success: false,
      message: 'Invalid card data',
      code: 'VALIDATION_FAILED',
      field: 'number',
    });
  });
});
