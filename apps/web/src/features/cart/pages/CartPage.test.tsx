import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import CartPage from './CartPage.tsx';
import { aCart, aLine, cartEnvelope, cartResponse } from '../../../../test/fixtures/cart.ts';
import { mockApi, type Reply } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { selectIsLoading } from '../../../lib/loading-slice.ts';

afterEach(() => vi.unstubAllGlobals());

/** A reply the test releases when it wants, so the in-flight state can be seen. */
function deferred() {
  let release: (reply: Reply) => void = () => undefined;
  const reply = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { reply, release };
}

const failed = (status: number, message: string) => ({ status, body: { success: false, message, code: 'X' } });

const twoLines = aCart([
  aLine({ _id: 'p-1', name: 'Starter Pack', price: 999 }, 2),
  aLine({ _id: 'p-2', name: 'Mega Pack', price: 4999, coins: 6000 }, 1),
]);

const quantities = () => screen.getAllByTestId('cart-line-quantity').map((el) => el.textContent);
const lineIds = () => screen.getAllByTestId('cart-line').map((el) => el.getAttribute('data-item-id'));

function renderCart(routes: Parameters<typeof mockApi>[0], at = '/cart') {
  const net = mockApi({
    'GET v1/cart': cartResponse(twoLines),
    'GET v1/checkout/coupons': { body: { success: true, data: [] } },
    ...routes,
  });
  const view = renderPage(<CartPage />, { path: '/cart', at });
  return { ...view, net };
}

describe('CartPage', () => {
  it('shows each line with image, name, price and quantity, and the totals in dollars and coins', async () => {
    renderCart({});
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(2);
    const first = screen.getAllByTestId('cart-line')[0]!;
    expect(first).toHaveAttribute('data-item-id', 'p-1');
    expect(within(first).getByRole('heading', { name: 'Starter Pack' })).toBeInTheDocument();
    expect(first).toHaveTextContent('$9.99');
    expect(quantities()).toEqual(['2', '1']);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$69.97');
    expect(screen.getByTestId('cart-total-coins')).toHaveTextContent('8,000 coins');
    expect(screen.getByTestId('cart-limit-note')).toHaveTextContent('$500.00');
  });

  it('shows the active and the eligibility promotion and the tax line', async () => {
    const promo = {
      _id: 'pr',
      name: 'Weekend Gold Rush',
      bonusPercentage: 20,
      bonusType: 'PERCENTAGE' as const,
      startsAt: '2024-01-01',
      endsAt: null,
    };
    const first = { ...promo, _id: 'fp', name: 'First purchase', bonusPercentage: 500, bonusType: 'COINS' as const };
    const cart = aCart([aLine({}, 1)], { promotion: promo, eligibilityPromotion: first });
    cart.totals = { ...cart.totals, tax: 82, total: 1081 };
    renderCart({
      'GET v1/cart': { body: { success: true, data: cart, getOrderCart: [], taxData: { state: 'TX', rateBps: 825, taxCents: 82 } } },
    });
    expect(await screen.findByTestId('cart-promotion')).toHaveTextContent('Weekend Gold Rush: 20% bonus coins');
    expect(screen.getByTestId('cart-eligibility-promotion')).toHaveTextContent('First purchase: 500 bonus coins');
    expect(screen.getByText('Tax (TX, 8.25%)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-tax')).toHaveTextContent('$0.82');
  });

  it('increases at once, keeps the loading flag on meanwhile, and takes the repriced cart on success', async () => {
    const put = deferred();
    const { user, store, net } = renderCart({ 'PUT v1/cart/increasequantity/p-1': () => put.reply });
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getAllByTestId('cart-increase')[0]!);
    expect(quantities()).toEqual(['3', '1']);
    expect(selectIsLoading(store.getState())).toBe(true);
    put.release(
      cartEnvelope(aCart([aLine({ _id: 'p-1', price: 999 }, 3), aLine({ _id: 'p-2', name: 'Mega Pack', price: 4999, coins: 6000 }, 1)])),
    );
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$79.96'));
    expect(quantities()).toEqual(['3', '1']);
    expect(net.find('PUT v1/cart/increasequantity/p-1')!.body).toEqual({ quantity: 1 });
  });

  it('reverts an increase by one when the call fails, and says why', async () => {
    const put = deferred();
    const { user } = renderCart({ 'PUT v1/cart/increasequantity/p-2': () => put.reply });
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getAllByTestId('cart-increase')[1]!);
    expect(quantities()).toEqual(['2', '2']);
    put.release(failed(422, 'That package just sold out.'));
    await waitFor(() => expect(quantities()).toEqual(['2', '1']));
    // The revert (the store) and the message (the page's own state) render separately.
    expect(await screen.findByRole('alert')).toHaveTextContent('That package just sold out.');
  });

  it('decreases at once with the loading flag on meanwhile, and takes the repriced cart on success', async () => {
    const put = deferred();
    const { user, store } = renderCart({ 'PUT v1/cart/decreasequantity/p-1': () => put.reply });
    await screen.findAllByTestId('cart-line');
    expect(selectIsLoading(store.getState())).toBe(false);
    await user.click(screen.getAllByTestId('cart-decrease')[0]!);
    expect(quantities()).toEqual(['1', '1']);
    expect(selectIsLoading(store.getState())).toBe(true);
    put.release(
      cartEnvelope(aCart([aLine({ _id: 'p-1', price: 999 }, 1), aLine({ _id: 'p-2', name: 'Mega Pack', price: 4999, coins: 6000 }, 1)])),
    );
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$59.98'));
    expect(selectIsLoading(store.getState())).toBe(false);
    expect(quantities()).toEqual(['1', '1']);
  });

  it('removes a line at once with the loading flag on meanwhile, and takes the repriced cart on success', async () => {
    const del = deferred();
    const { user, store } = renderCart({ 'DELETE v1/cart/p-1': () => del.reply });
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getAllByTestId('cart-remove')[0]!);
    expect(lineIds()).toEqual(['p-2']);
    expect(selectIsLoading(store.getState())).toBe(true);
    del.release(cartEnvelope(aCart([aLine({ _id: 'p-2', name: 'Mega Pack', price: 4999, coins: 6000 }, 1)])));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$49.99'));
    expect(selectIsLoading(store.getState())).toBe(false);
    expect(lineIds()).toEqual(['p-2']);
  });

  it('reverts a decrease by one when the server does not report success', async () => {
    const put = deferred();
    const { user } = renderCart({ 'PUT v1/cart/decreasequantity/p-1': () => put.reply });
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getAllByTestId('cart-decrease')[0]!);
    expect(quantities()).toEqual(['1', '1']);
    put.release({ status: 200, body: { success: false, message: 'Use remove to take an item out.', code: 'RULE' } });
    await waitFor(() => expect(quantities()).toEqual(['2', '1']));
  });

  it('restores a removed line at its previous index when the removal fails', async () => {
    const del = deferred();
    const { user } = renderCart({ 'DELETE v1/cart/p-1': () => del.reply });
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getAllByTestId('cart-remove')[0]!);
    expect(lineIds()).toEqual(['p-2']);
    del.release(failed(500, 'Something broke.'));
    await waitFor(() => expect(lineIds()).toEqual(['p-1', 'p-2']));
  });

  it('applies a coupon by code and shows the discount; a refused coupon shows the server message', async () => {
    const discounted = aCart(twoLines.items, { coupon: { code: 'SAVE10', kind: 'PERCENT', amount: 10 } });
    discounted.totals = { ...discounted.totals, discount: 700, total: 6297 };
    const { user, net } = renderCart({
      'GET v1/cart/apply-coupon/SAVE10': cartEnvelope(discounted),
      'GET v1/cart/apply-coupon/OLD': failed(422, 'This coupon has expired.'),
    });
    await screen.findAllByTestId('cart-line');
    await user.type(screen.getByTestId('coupon-input'), 'OLD');
    await user.click(screen.getByTestId('apply-coupon'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon has expired.');

    await user.clear(screen.getByTestId('coupon-input'));
    await user.type(screen.getByTestId('coupon-input'), 'SAVE10');
    await user.click(screen.getByTestId('apply-coupon'));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$62.97'));
    expect(screen.getByText('Discount (SAVE10)')).toBeInTheDocument();
    expect(net.keys()).toContain('GET v1/cart/apply-coupon/SAVE10');
  });

  it('lists the coupons on offer and applies one with a click', async () => {
    const offer = { code: 'WELCOME5', kind: 'FIXED', amount: 500, minSubtotalCents: 1000, endsAt: null, description: 'For new shoppers' };
    const { user, net } = renderCart({
      'GET v1/checkout/coupons': { body: { success: true, data: [offer] } },
      'GET v1/cart/apply-coupon/WELCOME5': cartEnvelope(
        aCart(twoLines.items, { coupon: { code: 'WELCOME5', kind: 'FIXED', amount: 500 } }),
      ),
    });
    const list = await screen.findByRole('list', { name: 'Available coupons' });
    expect(list).toHaveTextContent('WELCOME5 · $5.00 off on orders from $10.00');
    await user.click(within(list).getByRole('button', { name: 'Apply WELCOME5' }));
    expect(await screen.findByText(/applied/)).toHaveTextContent('Coupon WELCOME5 applied: $5.00 off');
    expect(net.keys()).toContain('GET v1/cart/apply-coupon/WELCOME5');
  });

  it('shows the lines and the coupons on offer together, so the list never pushes Checkout down after the first paint', async () => {
    const offer = { code: 'WELCOME5', kind: 'FIXED', amount: 500, minSubtotalCents: 1000, endsAt: null, description: null };
    const coupons = deferred();
    const { net } = renderCart({ 'GET v1/checkout/coupons': () => coupons.reply });
    await waitFor(() => expect(net.keys()).toContain('GET v1/cart'));
    // The cart has answered; the coupons have not: still the loading state, no line and no Checkout yet.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Loading your cart…'));
    expect(screen.queryByTestId('cart-line')).toBeNull();
    expect(screen.queryByTestId('checkout-button')).toBeNull();
    coupons.release({ body: { success: true, data: [offer] } });
    expect(await screen.findByRole('list', { name: 'Available coupons' })).toHaveTextContent('WELCOME5');
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    expect(screen.getByTestId('checkout-button')).toBeInTheDocument();
  });

  it('still shows the cart when the coupons on offer cannot be had', async () => {
    const { net } = renderCart({ 'GET v1/checkout/coupons': failed(500, 'down') });
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Available coupons' })).toBeNull();
    // Asked once: showing the cart does not ask again (a loop of refusals, each unmounting the box, never showed it).
    expect(net.keys().filter((key) => key === 'GET v1/checkout/coupons')).toHaveLength(1);
  });

  it('places the order, takes the cart it answers with as the cart, and goes to pay it', async () => {
    // The server's cart as it stands after placing: here another tab had raised Mega Pack to 2 meanwhile.
    const placedFrom = aCart(
      [aLine({ _id: 'p-1', name: 'Starter Pack', price: 999 }, 2), aLine({ _id: 'p-2', name: 'Mega Pack', price: 4999, coins: 6000 }, 2)],
      {
        _id: 'cart-1',
      },
    );
    const { user, net, store } = renderCart({
      'POST v1/checkout/placeorder': {
        body: { success: true, data: placedFrom, order: { _id: 'ord-9', status: 'pending', total: 11996 } },
      },
    });
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByTestId('checkout-button'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/add-card/ord-9');
    expect(net.find('POST v1/checkout/placeorder')!.body).toEqual({ orderType: 'DigitalProduct', amountType: 'static' });
    const cart = store.getState().cart;
    expect(cart.items.map((line) => [line.itemId._id, line.quantity])).toEqual([
      ['p-1', 2],
      ['p-2', 2],
    ]);
    expect(cart.itemCount).toBe(4);
    expect(cart.totals?.total).toBe(11996);
  });

  it('shows a sold-out line as sold out: not counted, no +, removable, and says it will not be ordered', async () => {
    const cart = aCart([
      aLine({ _id: 'p-1', name: 'Starter Pack', price: 999 }, 2),
      aLine({ _id: 'p-3', name: 'Dragon Hoard', price: 2999, isAvailable: false }, 1),
    ]);
    const { user, net } = renderCart({
      'GET v1/cart': cartResponse(cart),
      'DELETE v1/cart/p-3': cartEnvelope(aCart([aLine({ _id: 'p-1', name: 'Starter Pack', price: 999 }, 2)])),
    });
    const [available, soldOut] = await screen.findAllByTestId('cart-line');
    expect(within(soldOut!).getByTestId('cart-line-sold-out')).toHaveTextContent('Sold out · This item will not be ordered.');
    expect(within(available!).queryByTestId('cart-line-sold-out')).not.toBeInTheDocument();
    expect(within(soldOut!).getByTestId('cart-line-total')).toHaveTextContent('Not included');
    expect(within(soldOut!).getByTestId('cart-line-total')).not.toHaveTextContent('$');
    expect(within(available!).getByTestId('cart-line-total')).toHaveTextContent('$19.98');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$19.98');
    expect(within(soldOut!).getByTestId('cart-increase')).toBeDisabled();
    expect(within(available!).getByTestId('cart-increase')).toBeEnabled();
    expect(screen.getByTestId('cart-checkout-note')).toHaveTextContent('Sold-out items will not be ordered.');
    expect(screen.getByTestId('checkout-button')).toBeEnabled();

    await user.click(within(soldOut!).getByRole('button', { name: 'Remove Dragon Hoard' }));
    await waitFor(() => expect(lineIds()).toEqual(['p-1']));
    expect(net.keys()).toContain('DELETE v1/cart/p-3');
    expect(screen.queryByTestId('cart-checkout-note')).not.toBeInTheDocument();
  });

  it('does not offer Checkout when everything in the cart is sold out, and says why', async () => {
    const cart = aCart([aLine({ _id: 'p-3', name: 'Dragon Hoard', price: 2999, isAvailable: false }, 1)]);
    const { user, net } = renderCart({ 'GET v1/cart': cartResponse(cart) });
    await screen.findAllByTestId('cart-line');
    const checkout = screen.getByTestId('checkout-button');
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(
      'Everything in your cart is sold out, so there is nothing to order. Remove the sold-out items and choose other packages.',
    );
    await user.click(checkout);
    expect(net.keys()).not.toContain('POST v1/checkout/placeorder');
    expect(screen.queryByText('Your cart is empty.')).not.toBeInTheDocument();
  });

  it('says why a coupon applied earlier no longer counts', async () => {
    const cart = aCart([aLine({ _id: 'p-1', price: 299 }, 1)], {
      couponIssue: { code: 'WELCOME10', message: 'WELCOME10 needs an order of $5.00 or more.' },
    });
    renderCart({ 'GET v1/cart': cartResponse(cart) });
    const issue = await screen.findByTestId('coupon-issue');
    expect(issue).toHaveRole('status');
    expect(issue).toHaveTextContent('WELCOME10 needs an order of $5.00 or more.');
    expect(within(screen.getByRole('region', { name: 'Coupons' })).getByTestId('coupon-issue')).toBe(issue);
    expect(screen.queryByText(/Discount/)).not.toBeInTheDocument();
  });

  it('shows no coupon note when the coupon still counts', async () => {
    renderCart({});
    await screen.findAllByTestId('cart-line');
    expect(screen.queryByTestId('coupon-issue')).not.toBeInTheDocument();
  });

  it('shows the transaction-limit refusal from the server', async () => {
    const { user } = renderCart({ 'POST v1/checkout/placeorder': failed(422, 'This order is over the $500.00 limit per purchase.') });
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByTestId('checkout-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is over the $500.00 limit per purchase.');
  });

  it('says an empty cart is empty, and tells a shopper back from a failed payment that nothing was charged', async () => {
    renderCart({ 'GET v1/cart': cartResponse(aCart([])) }, '/cart?payment=failed&orderId=o1');
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('nothing was charged');
    expect(screen.queryByTestId('checkout-button')).not.toBeInTheDocument();
  });
});
