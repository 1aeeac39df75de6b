import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DIGIT_PRODUCT_ID_KEY, DIGIT_PRODUCT_TYPE_KEY, REDIRECT_KEY } from '@store/shared';
import ProductDetailsRoute from './ProductDetailsRoute.tsx';
import { SIGN_IN_TO_BUY_TEXT } from './ProductPurchaseActions.tsx';
import { makeStore } from '../store.ts';
import { signedIn } from '../../features/auth/auth-slice.ts';
import { storage } from '../../lib/storage.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';

afterEach(() => vi.unstubAllGlobals());

const product = {
  _id: 'p-5',
  kind: 'product',
  name: 'Mega Pack',
  description: '12,000 coins',
  image: '/images/mega.png',
  price: 9999,
  coins: 12000,
  isAvailable: true,
  bonusType: null,
  bonusAmount: null,
};

const cart = {
  _id: 'cart-1',
  items: [{ itemId: product, quantity: 3, lineTotal: 29997 }],
  itemCount: 3,
  orderType: 'DigitalProduct',
  amountType: 'static',
  coin: 100,
  promotion: null,
  eligibilityPromotion: null,
  android: null,
  coupon: null,
  totals: { subtotal: 29997, discount: 0, tax: 0, total: 29997, coins: 36000, bonusCoins: 0, totalCoins: 36000 },
  transactionLimit: 50000,
};

function renderDetails(item: Record<string, unknown> = product, { guest = false } = {}) {
  const net = mockApi({
    'GET v1/admin/product/eachProduct/p-5': { body: { success: true, data: { data: item } } },
    'POST v1/cart': { body: { success: true, data: cart } },
    'POST v1/checkout/buy/p-5': { body: { success: true, data: { _id: 'ord-7', status: 'pending' } } },
  });
  const store = makeStore();
  if (!guest) store.dispatch(signedIn({ token: 'tok_shopper', user: { _id: 'u1', role: 'USER' } }));
  return { ...renderPage(<ProductDetailsRoute />, { path: '/product-details/:id', at: '/product-details/p-5?ref=home', store }), net };
}

describe('product details for a guest (issue 24)', () => {
  it('shows the package and "Sign in to buy", which keeps the page to come back to after signing in', async () => {
    const { user, net } = renderDetails(product, { guest: true });
    expect(await screen.findByRole('heading', { name: 'Mega Pack' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Buy now/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: SIGN_IN_TO_BUY_TEXT }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(storage.get(REDIRECT_KEY)).toBe('/product-details/p-5?ref=home');
    expect(net.keys()).toEqual(['GET v1/admin/product/eachProduct/p-5']);
  });
});

describe('product details with buying controls', () => {
  it('adds the chosen quantity to the cart; the cart in the store is the server reply', async () => {
    const { user, net, store } = renderDetails();
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(net.find('POST v1/cart')!.body).toEqual({ itemId: 'p-5', quantity: 3, type: 'product' });
    expect(store.getState().cart.itemCount).toBe(3);
  });

  it('refuses a quantity outside 1..100 without calling the server', async () => {
    const { user, net } = renderDetails();
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a quantity from 1 to 100.');
    expect(net.keys()).not.toContain('POST v1/cart');
  });

  it('buys now: remembers the package and goes to pay the new order', async () => {
    const { user, net } = renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/add-card/ord-7');
    expect(net.find('POST v1/checkout/buy/p-5')!.body).toEqual({ type: 'product', quantity: 1 });
    expect(localStorage.getItem(DIGIT_PRODUCT_ID_KEY)).toBe('p-5');
    expect(localStorage.getItem(DIGIT_PRODUCT_TYPE_KEY)).toBe('product');
  });

  it('offers nothing to buy when the package is sold out', async () => {
    renderDetails({ ...product, isAvailable: false });
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeDisabled();
  });
});
