// Which addresses are pages of the app (issue 21): the server answers any other with a 404 and the
// app's "Page not found", asking this function, which reads the same route table the browser uses.
import { describe, expect, it } from 'vitest';
import { isKnownPage } from './server-render.tsx';

describe('isKnownPage', () => {
  it.each([
    '/',
    '/products',
    '/products?sortOrder=asc',
    '/about-us',
    '/product-details/10000000-0000-4000-8000-000000000001',
    '/product-details/abc?type=giftCard',
    '/add-card',
    '/add-card/order-1',
    '/new-password/abc123',
    '/login?verify=abc',
    '/test-login',
    '/social-login',
    '/cart',
    '/profile',
    '/admin',
    '/admin/users/u1',
  ])('%s is a page', (url) => {
    expect(isKnownPage(url)).toBe(true);
  });

  it.each([
    '/no-such-page',
    '/product-details',
    '/product-details/a/b',
    '/new-password',
    '/add-card/a/b',
    '/index.html',
    '/cart/x',
    '//no-such-page',
  ])('%s is not', (url) => {
    expect(isKnownPage(url)).toBe(false);
  });
});
