import { describe, expect, it } from 'vitest';
import { failureText, readApiFailure } from './api-failure.ts';

// RTK Query's error for an answered call: the HTTP status and the parsed failure envelope.
const answered = (status: number, data: unknown) => ({ status, data });

describe('reading a failed call', () => {
  it("takes the envelope's message, field and code when the code is one of the store's catalogue", () => {
    expect(readApiFailure(answered(409, { success: false, message: 'Sold out.', code: 'SOLD_OUT', field: 'items' }))).toEqual({
      status: 409,
      message: 'Sold out.',
      code: 'SOLD_OUT',
      field: 'items',
    });
  });

  it('gives no code for one the catalogue does not list, and keeps the message to show', () => {
    const failure = answered(400, { success: false, message: 'Bad thing.', code: 'FST_ERR_SOMETHING' });
    expect(readApiFailure(failure)).toMatchObject({ status: 400, code: null, message: 'Bad thing.' });
    expect(failureText(failure)).toBe('Bad thing.');
  });

  it('has no status when no answer arrived', () => {
    expect(readApiFailure({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      status: null,
      message: null,
      code: null,
      field: null,
    });
  });
});
