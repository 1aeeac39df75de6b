import { describe, expect, it } from 'vitest';
import { scrubHref } from './scrub.ts';

describe('scrubHref', () => {
  it('keeps the page and the order it is about, drops other query, hash and reset tokens', () => {
    expect(scrubHref('https://store.test/payment-success?orderId=ord_1&code=secret#x')).toBe(
      'https://store.test/payment-success?orderId=ord_1',
    );
    expect(scrubHref('https://store.test/login?token=abc')).toBe('https://store.test/login');
    expect(scrubHref('https://store.test/new-password/very-secret-token')).toBe('https://store.test/new-password/:id');
    expect(scrubHref('https://store.test/add-card/ord_2')).toBe('https://store.test/add-card/ord_2');
  });
});
