import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import AddCardPage from './AddCardPage.tsx';
import { mockApi } from '../../../../test/mock-api.ts';
import { frameSessionRoute, TEST_FRAME_SESSION } from '../../../../test/vault-frame-session.ts';
import { renderPage } from '../../../../test/render.tsx';
import type { SavedCard, ShopperProfile } from '../types.ts';
import { PAYMENT_METHODS } from '../methods/registry.ts';
import type { MethodPanelProps, PaymentMethodEntry } from '../methods/types.ts';
import { NO_METHODS_TEXT, stateNotAllowedText } from './AddCardPage.tsx';
import { anOrder } from '../../../../test/fixtures/orders.ts';
import { vaultFrameAnswers as answers, vaultFrameReplies as replies } from '../../../../test/vault-frame.ts';
import { framedReturnSays } from '../../../../test/provider-page.ts';

const VAULT = 'http://localhost:3001';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const visa: SavedCard = { userPaymentOptionId: 'upo-1', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030, provider: 'nuvei' };
// Two packs at $9.99 with a $0.99 coupon: $18.99, and 400 of the 2,400 coins a promotion's bonus.
const order = anOrder({
  _id: 'ord-1',
  number: 100042,
  status: 'pending',
  discount: 99,
  coupon: { code: 'SAVE99' },
  total: 1899,
  paidAt: null,
  fulfilledAt: null,
  paidWith: null,
});
const ok = (data: unknown) => ({ body: { success: true, data } });

/** What the sandbox card provider lets a shopper from a whitelisted state use. */
const CARDS_ONLY = {
  card: true,
  saved_card: true,
  bank_account: false,
  cashier: false,
  stripe_card: false,
  cash_app: false,
  square_card: false,
  embedded_checkout: false,
};
const NOTHING = Object.fromEntries(Object.keys(CARDS_ONLY).map((kind) => [kind, false]));
const WHITELIST = [
  { code: 'NY', name: 'New York', region: 'Northeast' },
  { code: 'TX', name: 'Texas', region: 'South' },
];
const US_STATES = [
  { code: 'ID', name: 'Idaho', region: 'West' },
  { code: 'NY', name: 'New York', region: 'Northeast' },
  { code: 'TX', name: 'Texas', region: 'South' },
  { code: 'WA', name: 'Washington', region: 'West' },
];
const shopperIn = (state: string): ShopperProfile => ({ status: 'ready', state, usStates: US_STATES });

function routes(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...frameSessionRoute(),
    'GET v1/nuvei/config': ok({ vaultOrigin: VAULT }),
    'GET v1/nuvei/cards': ok({ paymentMethods: [visa] }),
    'GET v1/payment/last-used-card': ok({ lastUsedCard: null }),
    'GET v1/checkout/getorder': ok(order),
    'GET v1/payment/allowed-providers': ok({ data: { allowedPayment: CARDS_ONLY } }),
    'GET v1/admin/whitelist_states/whitelist': ok({ states: WHITELIST }),
    ...extra,
  });
}

/** A stand-in way to pay, as another provider's panel would plug in: it says which mode it is in. */
function fakeMethod(
  id: string,
  label: string,
  allowedBy: PaymentMethodEntry['allowedBy'],
  settlesAs?: PaymentMethodEntry['settlesAs'],
): PaymentMethodEntry {
  function FakePanel({ orderId, onPaid }: MethodPanelProps) {
    return (
      <div>
        <p>
          {label} form {orderId ? `paying ${orderId}` : 'managing saved methods'}
        </p>
        {orderId ? (
          <button type="button" onClick={() => onPaid(orderId, 'processing')}>
            Pay by {label}
          </button>
        ) : null}
      </div>
    );
  }
  return { id, label, allowedBy, settlesAs, load: async () => ({ default: FakePanel }) };
}

/** The vault's frame of these tests (apps/web/test/vault-frame.ts) at the store's vault origin. */
const vaultFrameReplies = (testId: string, answer: (requestId: string) => object) => replies(testId, VAULT, answer);
const vaultFrameAnswers = (testId: string, token: string) => answers(testId, VAULT, token);

describe('AddCardPage', () => {
  it('shows the order and pays it with a new card through the hosted field, then shows the success page', async () => {
    const net = routes({
      'POST v1/nuvei/init': ok({
        transactionId: 't1',
        card: { ...visa, userPaymentOptionId: 'upo-2', last4: '4242' },
        paymentOption: { card: { threeD: { version: null } } },
        orderStatus: 'fulfilled',
      }),
    });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$18.99');
    expect(net.find('GET v1/checkout/getorder')!.search.get('orderId')).toBe('ord-1');
    // Every line of the order, its number, and the way back to the cart (issue 24).
    expect(screen.getByTestId('order-number')).toHaveTextContent('Order #100042');
    expect(screen.getByText('Starter Pack × 2')).toBeInTheDocument();
    expect(screen.getByTestId('order-discount')).toHaveTextContent('Discount (SAVE99)−$0.99');
    expect(screen.getByTestId('order-coins')).toHaveTextContent('2,400 coins will be added to your wallet, including 400 bonus coins.');
    expect(screen.getByRole('link', { name: '← Back to cart' })).toHaveAttribute('href', '/cart');
    expect(await screen.findByText('Visa ending 1111')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Use a new card' }));
    await vaultFrameAnswers('card-field-card-number', 'vt_new');
    // The frame opens with the shopper's frame session from the store (ADR 032).
    const frameUrl = new URL(screen.getByTestId<HTMLIFrameElement>('card-field-card-number').src);
    expect(frameUrl.searchParams.get('session')).toBe(TEST_FRAME_SESSION);
    expect(net.callsTo('POST', 'v1/vault/frame-session').length).toBeGreaterThan(0);

    // Keeping the card is the shopper's choice, unticked until they tick it (issue 24).
    const keep = screen.getByRole('checkbox', { name: 'Save this card' });
    expect(keep).not.toBeChecked();
    await user.click(keep);
    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment-success?orderId=ord-1');
    expect(net.find('POST v1/nuvei/init')!.body).toEqual({ orderId: 'ord-1', cardToken: 'vt_new', saveCard: true });
  });

  it("opens the bank's 3-D Secure check in a dialog over the pay page, and goes on where the store's return page says (issue 24)", async () => {
    routes({
      'POST v1/nuvei/init': ok({ transactionId: 't-1', paymentOption: { card: { threeD: { version: '2.2.0' } } }, orderStatus: 'pending' }),
      'POST v1/nuvei/payment/first': ok({
        redirect: true,
        url: 'http://localhost/sandbox/3ds/123456?secret=s',
        creq: 'the-creq',
        transactionId: 't-2',
        orderStatus: 'pending',
      }),
    });
    const posted: { action: string; target: string; creq: string | null }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push({ action: this.action, target: this.target, creq: new FormData(this).get('creq') as string | null });
    });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await user.click(await screen.findByRole('radio', { name: 'Use a new card' }));
    await vaultFrameAnswers('card-field-card-number', 'vt_3ds');
    await user.click(screen.getByTestId('pay-button'));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the payment with your bank' });
    const frame = within(dialog).getByTitle<HTMLIFrameElement>("Your bank's check");
    expect(posted).toEqual([{ action: 'http://localhost/sandbox/3ds/123456?secret=s', target: 'threeds-challenge', creq: 'the-creq' }]);
    expect(frame.name).toBe('threeds-challenge');
    expect(screen.getByTestId('pay-button')).toBeDisabled();

    // A message from anywhere else, or naming another site, moves nothing.
    framedReturnSays('/cart', frame.contentWindow, 'http://evil.test');
    framedReturnSays('/cart', window);
    framedReturnSays('//evil.test/x', frame.contentWindow);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    framedReturnSays('/payment-success?orderId=ord-1', frame.contentWindow);
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment-success?orderId=ord-1');
  });

  it("closing the bank's check says the payment was not made, and the shopper can pay again", async () => {
    routes({
      'POST v1/nuvei/init': ok({ transactionId: 't-1', paymentOption: { card: { threeD: { version: '2.2.0' } } }, orderStatus: 'pending' }),
      'POST v1/nuvei/payment/first': ok({
        redirect: true,
        url: 'http://localhost/sandbox/3ds/1?secret=s',
        creq: 'c',
        transactionId: 't-2',
        orderStatus: 'pending',
      }),
    });
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await user.click(await screen.findByRole('radio', { name: 'Use a new card' }));
    await vaultFrameAnswers('card-field-card-number', 'vt_3ds');
    await user.click(screen.getByTestId('pay-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the payment with your bank' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your bank's check was not finished, so the payment was not made. You can pay again.",
    );
    expect(screen.getByTestId('pay-button')).toBeEnabled();
  });

  it("asks the card's billing ZIP beside the card, the profile's to begin with, and sends what the shopper typed", async () => {
    const net = routes({
      'POST v1/nuvei/init': ok({ transactionId: 't-1', paymentOption: { card: { threeD: { version: null } } }, orderStatus: 'fulfilled' }),
    });
    const { user } = renderPage(<AddCardPage profile={{ status: 'ready', state: 'TX', usStates: US_STATES, zipCode: '78701' }} />, {
      path: '/add-card/:orderId?',
      at: '/add-card/ord-1',
    });
    await user.click(await screen.findByRole('radio', { name: 'Use a new card' }));
    const zip = screen.getByRole('textbox', { name: 'ZIP / postcode' });
    expect(zip).toHaveValue('78701');
    await user.clear(zip);
    await user.type(zip, ' 73301 ');
    await vaultFrameAnswers('card-field-card-number', 'vt_zip');
    await user.click(screen.getByTestId('pay-button'));
    await waitFor(() => expect(net.callsTo('POST', 'v1/nuvei/init')).toHaveLength(1));
    expect(net.find('POST v1/nuvei/init')!.body).toEqual({ orderId: 'ord-1', cardToken: 'vt_zip', saveCard: false, billingZip: '73301' });
  });

  it('pays with a saved card and its CVV token, and shows a decline with nothing else happening', async () => {
    const net = routes({
      'POST v1/nuvei/init': {
        status: 402,
        body: { success: false, code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds on this card.' },
      },
    });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await user.click(await screen.findByRole('radio', { name: /Visa ending 1111/ }));
    await vaultFrameAnswers('card-field-cvv', 'cvv_tok');

    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient funds on this card.');
    expect(net.find('POST v1/nuvei/init')!.body).toEqual({ orderId: 'ord-1', userPaymentOptionId: 'upo-1', cvvToken: 'cvv_tok' });
    expect(net.keys()).not.toContain('POST v1/nuvei/payment/first');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("asks a new card's CVV in the card frame (ADR 038): the frame's 'Invalid CVV' shows and nothing reaches the API", async () => {
    const net = routes();
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await user.click(await screen.findByRole('radio', { name: 'Use a new card' }));
    expect(screen.getByText('Card number, expiry and CVV')).toBeVisible();
    expect(screen.getByTestId('card-field-card-number')).toHaveAttribute('title', 'Card number, expiry and CVV');
    await vaultFrameReplies('card-field-card-number', (requestId) => ({ type: 'error', requestId, message: 'Invalid CVV' }));

    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid CVV');
    expect(net.keys()).not.toContain('POST v1/nuvei/init');
    expect(screen.getByTestId('pay-button')).toBeEnabled();
  });

  it('shows an invalid CVV from the CVV frame and sends nothing to the API', async () => {
    const net = routes();
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await user.click(await screen.findByRole('radio', { name: /Visa ending 1111/ }));
    await vaultFrameReplies('card-field-cvv', (requestId) => ({ type: 'error', requestId, message: 'Invalid CVV' }));

    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid CVV');
    expect(net.keys()).not.toContain('POST v1/nuvei/init');
    expect(screen.getByTestId('pay-button')).toBeEnabled();
  });

  it('does not say nothing was charged when the payment gets no answer; points to My purchases instead', async () => {
    const net = routes({
      'POST v1/nuvei/init': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await screen.findByTestId('order-total');
    await vaultFrameAnswers('card-field-card-number', 'vt_lost');

    await user.click(screen.getByTestId('pay-button'));
    const alert = await screen.findByTestId('payment-unconfirmed');
    expect(alert).toHaveTextContent(
      'We could not confirm your payment, so it may have gone through. Please check My purchases before you try again.',
    );
    expect(within(alert).getByRole('link', { name: 'Open My purchases' })).toHaveAttribute('href', '/my-purchases');
    expect(screen.queryByText(/Nothing was charged/)).not.toBeInTheDocument();
    // The order was asked for again after the lost answer; it is still unpaid, so the page stays.
    expect(net.keys().filter((call) => call === 'GET v1/checkout/getorder').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('after a server fault while paying, finds the order paid and shows the success page', async () => {
    let charged = false;
    const net = routes({
      'GET v1/checkout/getorder': () => ok(charged ? { ...order, status: 'fulfilled' } : order),
      'POST v1/nuvei/init': ok({
        transactionId: 't-init',
        paymentOption: { card: { threeD: { version: '2.2.0' } } },
        orderStatus: 'pending',
      }),
      'POST v1/nuvei/payment/first': () => {
        // The bank charged the card, then the gateway in front of the API fell over.
        charged = true;
        return { status: 502, body: { success: false, message: 'Bad gateway', code: 'BAD_GATEWAY' } };
      },
    });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await screen.findByTestId('order-total');
    await vaultFrameAnswers('card-field-card-number', 'vt_slow');

    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment-success?orderId=ord-1');
    expect(net.keys()).toContain('POST v1/nuvei/payment/first');
  });

  it("says 'Unable to get token' when Pay is pressed before the card frame is ready", async () => {
    const net = routes();
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    await screen.findByTestId('card-field-card-number');
    await waitFor(() => expect(screen.getByTestId('pay-button')).toBeEnabled());
    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to get token');
    expect(net.keys()).not.toContain('POST v1/nuvei/init');
  });

  it('without an order saves a new card: it goes to the front of the list with "Card saved."', async () => {
    const master: SavedCard = {
      userPaymentOptionId: 'upo-2',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 1,
      expYear: 2031,
      provider: 'nuvei',
    };
    const net = routes({
      'POST v1/nuvei/init': ok({
        transactionId: 't9',
        card: master,
        paymentOption: { card: { threeD: { version: null } } },
        orderStatus: null,
      }),
    });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card' });
    expect(await screen.findByText('Visa ending 1111')).toBeInTheDocument();
    await vaultFrameAnswers('card-field-card-number', 'vt_save');

    await user.click(screen.getByTestId('save-card-button'));
    expect(await screen.findByText('Card saved.')).toBeInTheDocument();
    const listed = within(screen.getByRole('list', { name: 'Saved cards' })).getAllByTestId('saved-card');
    expect(listed.map((item) => within(item).getByText(/ending/).textContent)).toEqual(['Mastercard ending 4444', 'Visa ending 1111']);
    expect(net.find('POST v1/nuvei/init')!.body).toEqual({ cardToken: 'vt_save' });
    expect(net.keys()).not.toContain('GET v1/checkout/getorder');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('without an order shows a decline and lists nothing new', async () => {
    routes({ 'POST v1/nuvei/init': { status: 402, body: { success: false, code: 'CARD_DECLINED', message: 'Your card was declined.' } } });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card' });
    await screen.findByText('Visa ending 1111');
    await vaultFrameAnswers('card-field-card-number', 'vt_declined');

    await user.click(screen.getByTestId('save-card-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getAllByTestId('saved-card')).toHaveLength(1);
    expect(screen.queryByText('Card saved.')).not.toBeInTheDocument();
  });

  it('deletes a saved card from the list after the shopper confirms', async () => {
    const net = routes({ 'DELETE v1/nuvei/cards/upo-1': { body: { success: true } } });
    const { user } = renderPage(<AddCardPage />, { path: '/add-card/:orderId?', at: '/add-card' });
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    await user.click(await within(list).findByRole('button', { name: 'Delete Visa ending 1111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Visa ending 1111?' });
    expect(net.keys()).not.toContain('DELETE v1/nuvei/cards/upo-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Visa ending 1111')).not.toBeInTheDocument());
    expect(await screen.findByText('Card deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(net.keys()).toContain('DELETE v1/nuvei/cards/upo-1');
    expect(net.keys()).not.toContain('GET v1/checkout/getorder');
  });
});

describe('AddCardPage: the ways to pay this shopper may use', () => {
  const card = PAYMENT_METHODS.find((entry) => entry.id === 'card')!;
  const bank = fakeMethod('test-bank', 'Bank account', ['bank_account'], 'bank');
  const cashApp = fakeMethod('test-cash-app', 'Cash App', ['cash_app']);
  const methods = [card, bank, cashApp];

  it('lists only the allowed methods in registry order, the first chosen; choosing another shows its form', async () => {
    routes({ 'GET v1/payment/allowed-providers': ok({ data: { allowedPayment: { ...CARDS_ONLY, bank_account: true } } }) });
    const { user } = renderPage(<AddCardPage methods={methods} profile={shopperIn('TX')} />, {
      path: '/add-card/:orderId?',
      at: '/add-card/ord-1',
    });
    const choices = await screen.findByRole('radiogroup', { name: 'Ways to pay' });
    const radios = within(choices).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')!.textContent)).toEqual(['Card', 'Bank account']);
    expect(within(choices).getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(await screen.findByTestId('pay-button')).toHaveTextContent('Pay $18.99');
    expect(screen.queryByText(/Cash App/)).not.toBeInTheDocument();

    await user.click(within(choices).getByRole('radio', { name: 'Bank account' }));
    expect(await screen.findByText('Bank account form paying ord-1')).toBeInTheDocument();
    expect(screen.queryByTestId('pay-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('card-field-card-number')).not.toBeInTheDocument();
  });

  it("keeps the choices still while a panel's code loads: they come with the first panel, and the panel left stays until the chosen one is in", async () => {
    const held = (entry: PaymentMethodEntry) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      return { entry: { ...entry, load: () => released.then(entry.load) }, release };
    };
    const first = held(fakeMethod('test-card', 'Card', ['card']));
    const second = held(fakeMethod('test-bank', 'Bank account', ['bank_account'], 'bank'));
    routes({ 'GET v1/payment/allowed-providers': ok({ data: { allowedPayment: { ...CARDS_ONLY, bank_account: true } } }) });
    const { user } = renderPage(<AddCardPage methods={[first.entry, second.entry]} profile={shopperIn('TX')} />, {
      path: '/add-card/:orderId?',
      at: '/add-card/ord-1',
    });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Ways to pay' })).not.toBeInTheDocument();

    first.release();
    const choices = await screen.findByRole('radiogroup', { name: 'Ways to pay' });
    expect(screen.getByText('Card form paying ord-1')).toBeInTheDocument();

    await user.click(within(choices).getByRole('radio', { name: 'Bank account' }));
    expect(within(choices).getByRole('radio', { name: 'Bank account' })).toBeChecked();
    expect(screen.getByText('Card form paying ord-1')).toBeInTheDocument();
    expect(screen.getByTestId('method-test-card')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();

    second.release();
    expect(await screen.findByText('Bank account form paying ord-1')).toBeInTheDocument();
    expect(screen.queryByText('Card form paying ord-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('method-test-bank')).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('heading', { name: 'Pay with Bank account' })).toBeInTheDocument();
  });

  it('keeps the other ways to pay out of sight until the first panel has filled in (its saved cards listed, its form in)', async () => {
    function FillingPanel({ onFilledIn }: MethodPanelProps) {
      return (
        <button type="button" onClick={() => onFilledIn?.()}>
          Cards listed
        </button>
      );
    }
    const filling: PaymentMethodEntry = {
      ...fakeMethod('test-card', 'Card', ['card']),
      fillsIn: true,
      load: async () => ({ default: FillingPanel }),
    };
    const bank = fakeMethod('test-bank', 'Bank account', ['bank_account'], 'bank');
    routes({ 'GET v1/payment/allowed-providers': ok({ data: { allowedPayment: { ...CARDS_ONLY, bank_account: true } } }) });
    const { user } = renderPage(<AddCardPage methods={[filling, bank]} profile={shopperIn('TX')} />, {
      path: '/add-card/:orderId?',
      at: '/add-card/ord-1',
    });
    const listed = await screen.findByRole('button', { name: 'Cards listed' });
    // Laid out under the panel, but hidden: neither seen nor reachable while the panel above grows.
    expect(screen.queryByRole('radiogroup', { name: 'Ways to pay' })).not.toBeInTheDocument();
    expect(screen.getByText('Ways to pay')).not.toBeVisible();
    expect(screen.getAllByRole('radio', { hidden: true })).toHaveLength(2);

    await user.click(listed);
    const choices = await screen.findByRole('radiogroup', { name: 'Ways to pay' });
    expect(choices).toBeVisible();

    // Once shown they stay, through the shopper's choice of another way and back.
    await user.click(within(choices).getByRole('radio', { name: 'Bank account' }));
    expect(await screen.findByText('Bank account form paying ord-1')).toBeInTheDocument();
    await user.click(within(choices).getByRole('radio', { name: 'Card' }));
    expect(await screen.findByRole('button', { name: 'Cards listed' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Ways to pay' })).toBeVisible();
  });

  it('a bank panel paid and still processing leads to /payment-success naming the bank (processing=bank)', async () => {
    routes({ 'GET v1/payment/allowed-providers': ok({ data: { allowedPayment: { ...NOTHING, bank_account: true } } }) });
    const { user } = renderPage(<AddCardPage methods={methods} profile={shopperIn('TX')} />, {
      path: '/add-card/:orderId?',
      at: '/add-card/ord-1',
    });
    // The one way there is: named, with no choice to make.
    expect(await screen.findByRole('heading', { name: 'Pay with Bank account' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Ways to pay' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pay by Bank account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment-success?orderId=ord-1&processing=bank');
  });

  it('a card panel still processing leads to /payment-success naming the card (processing=card, issue 24)', async () => {
    const squareCard = fakeMethod('test-square', 'Square card', ['square_card'], 'card');
    routes({ 'GET v1/payment/allowed-providers': ok({ data: { allowedPayment: { ...NOTHING, square_card: true } } }) });
    const { user } = renderPage(<AddCardPage methods={[squareCard]} profile={shopperIn('TX')} />, {
      path: '/add-card/:orderId?',
      at: '/add-card/ord-1',
    });
    await user.click(await screen.findByRole('button', { name: 'Pay by Square card' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment-success?orderId=ord-1&processing=card');
  });

  it('shows one card form, from the provider the store routes cards to, and the other ways under it (issue 24)', async () => {
    const everything = Object.fromEntries(Object.keys(CARDS_ONLY).map((kind) => [kind, true]));
    routes({
      'GET v1/payment/allowed-providers': ok({ data: { allowedPayment: everything, cardRoute: 'square_card' } }),
      'GET v1/payment/square/config': ok({ kind: 'vault-fields', environment: 'sandbox', vaultOrigin: VAULT }),
      'GET v1/payment/square/cards': ok({ paymentMethods: [] }),
    });
    renderPage(<AddCardPage profile={shopperIn('TX')} />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    const choices = await screen.findByRole('radiogroup', { name: 'Ways to pay' });
    const labels = within(choices)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')!.textContent);
    expect(labels).toEqual(['Card', 'Bank account (ACH)', 'Cash App Pay', 'Crypto wallet (USDC)']);
    expect(within(choices).getByRole('radio', { name: 'Card' })).toBeChecked();
    // Square's panel takes the card; the Nuvei form is not there.
    expect(await screen.findByTestId('square-pay-button')).toBeInTheDocument();
    expect(screen.queryByTestId('pay-button')).not.toBeInTheDocument();
  });

  it('lists the saved cards of every provider in one list, the last used chosen, and pays with it through its own provider (issue 24)', async () => {
    const stripeMaster = { userPaymentOptionId: 'pm_master4444', brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031 };
    const squareAmex = { userPaymentOptionId: 'ccof:amex', brand: 'amex', last4: '0005', expMonth: 9, expYear: 2032 };
    const net = routes({
      'GET v1/payment/allowed-providers': ok({
        data: { allowedPayment: { ...CARDS_ONLY, stripe_card: true, square_card: true }, cardRoute: 'card' },
      }),
      'GET v1/payment/stripe/payment-methods': ok({ paymentMethods: { card: [stripeMaster], nuveiCards: [], cashapp: [] } }),
      'GET v1/payment/stripe/config': ok({ mode: 'sandbox', publishableKey: null, vaultOrigin: VAULT }),
      'GET v1/payment/square/cards': ok({ paymentMethods: [squareAmex] }),
      'GET v1/payment/last-used-card': ok({ lastUsedCard: { kind: 'stripe_card', userPaymentOptionId: 'pm_master4444' } }),
      'POST v1/payment/stripe/payment-intent/pm_master4444': ok({ status: 'approved', paymentIntentId: 'pi_1', orderStatus: 'fulfilled' }),
    });
    const { user } = renderPage(<AddCardPage profile={shopperIn('TX')} />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const cards = within(list)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')!.textContent);
    expect(cards).toEqual([
      'Visa ending 1111expires 12/30',
      'Mastercard ending 4444expires 03/31',
      'American Express ending 0005expires 09/32',
      'Use a new card',
    ]);
    // No provider's name, and no second list: one list, whoever keeps the card.
    expect(screen.getAllByRole('list', { name: /saved/i })).toHaveLength(1);
    expect(within(list).getByRole('radio', { name: /Mastercard ending 4444/ })).toBeChecked();
    // Enabled once Stripe's card configuration has come.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $18.99' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Pay $18.99' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment-success?orderId=ord-1');
    expect(net.find('POST v1/payment/stripe/payment-intent/pm_master4444')!.search.get('orderId')).toBe('ord-1');
    expect(net.keys()).not.toContain('POST v1/nuvei/init');
  });

  it('chooses a new card when the last used card is gone, and a saved card of the card provider pays with its CVV', async () => {
    const net = routes({
      'GET v1/payment/last-used-card': ok({ lastUsedCard: { kind: 'card', userPaymentOptionId: 'upo-deleted' } }),
      'POST v1/nuvei/init': ok({ transactionId: 't-1', paymentOption: { card: { threeD: { version: null } } }, orderStatus: 'fulfilled' }),
    });
    const { user } = renderPage(<AddCardPage profile={shopperIn('TX')} />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    expect(await screen.findByRole('radio', { name: 'Use a new card' })).toBeChecked();
    expect(screen.getByText('Card number, expiry and CVV')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /Visa ending 1111/ }));
    expect(screen.getByText('CVV of the selected card')).toBeVisible();
    await vaultFrameAnswers('card-field-cvv', 'cvv_tok');
    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment-success?orderId=ord-1');
    expect(net.find('POST v1/nuvei/init')!.body).toEqual({ orderId: 'ord-1', userPaymentOptionId: 'upo-1', cvvToken: 'cvv_tok' });
  });

  it('the registry says which panels pay by card and which by bank', () => {
    const settles = Object.fromEntries(PAYMENT_METHODS.map((entry) => [entry.id, entry.settlesAs ?? null]));
    expect(settles).toEqual({
      card: 'card',
      cashier: 'card',
      'bank-account': 'bank',
      'stripe-card': 'card',
      'cash-app': null,
      'square-card': 'card',
      'embedded-checkout': null,
    });
  });

  it('tells a shopper from a state not whitelisted why they cannot pay, and shows no payment form', async () => {
    routes({ 'GET v1/payment/allowed-providers': ok({ data: { allowedPayment: NOTHING } }) });
    renderPage(<AddCardPage methods={methods} profile={shopperIn('WA')} />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    const why = await screen.findByTestId('state-not-allowed');
    expect(why).toHaveTextContent(stateNotAllowedText('Washington'));
    expect(why).toHaveTextContent(/^Purchases are not available in Washington yet\./);
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$18.99');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByTestId('pay-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('card-field-card-number')).not.toBeInTheDocument();
  });

  it('knows a state given by name, and says so even when the server still allows methods', async () => {
    routes();
    renderPage(<AddCardPage methods={methods} profile={shopperIn(' idaho ')} />, { path: '/add-card/:orderId?', at: '/add-card' });
    expect(await screen.findByTestId('state-not-allowed')).toHaveTextContent(stateNotAllowedText('Idaho'));
    expect(screen.queryByTestId('save-card-button')).not.toBeInTheDocument();
  });

  it('says plainly when no way to pay is allowed for another reason', async () => {
    routes({ 'GET v1/payment/allowed-providers': ok({ data: { allowedPayment: NOTHING } }) });
    renderPage(<AddCardPage methods={methods} profile={shopperIn('NY')} />, { path: '/add-card/:orderId?', at: '/add-card/ord-1' });
    expect(await screen.findByTestId('no-payment-methods')).toHaveTextContent(NO_METHODS_TEXT);
    expect(screen.queryByTestId('state-not-allowed')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a payment, asks again what is allowed, then the shared handler warns", async () => {
    let refused = false;
    const net = routes({
      'GET v1/payment/allowed-providers': () => ok({ data: { allowedPayment: refused ? NOTHING : CARDS_ONLY } }),
      'POST v1/nuvei/init': () => {
        refused = true;
        return {
          status: 403,
          body: { success: false, code: 'STATE_NOT_ALLOWED', message: 'Purchases are not available in your state.' },
        };
      },
    });
    const { user } = renderPage(<AddCardPage methods={methods} profile={shopperIn('TX')} />, {
      path: '/add-card/:orderId?',
      at: '/add-card/ord-1',
    });
    await user.click(await screen.findByRole('radio', { name: 'Use a new card' }));
    await vaultFrameAnswers('card-field-card-number', 'vt_refused');
    await user.click(screen.getByTestId('pay-button'));

    expect(await screen.findByTestId('payment-refused')).toHaveTextContent('Purchases are not available in your state.');
    // What is allowed was asked again: nothing now, so no form is left to try.
    expect(await screen.findByTestId('no-payment-methods')).toBeInTheDocument();
    expect(net.callsTo('GET', 'v1/payment/allowed-providers').length).toBeGreaterThanOrEqual(2);
    // The shared handler's 403 row: a warning toast with the server's message, besides the page's.
    await waitFor(() => expect(screen.getAllByText('Purchases are not available in your state.')).toHaveLength(2));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('without an order manages every allowed kind, each under its heading', async () => {
    routes({ 'GET v1/payment/allowed-providers': ok({ data: { allowedPayment: { ...CARDS_ONLY, cash_app: true } } }) });
    renderPage(<AddCardPage methods={methods} profile={shopperIn('TX')} />, { path: '/add-card/:orderId?', at: '/add-card' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment methods' })).toBeInTheDocument();
    const cardSection = await screen.findByRole('region', { name: 'Card' });
    expect(await within(cardSection).findByText('Visa ending 1111')).toBeInTheDocument();
    expect(within(cardSection).getByTestId('save-card-button')).toBeInTheDocument();
    const cashSection = screen.getByRole('region', { name: 'Cash App' });
    expect(await within(cashSection).findByText('Cash App form managing saved methods')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bank account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('asks before deleting a card; Keep it keeps the card and deletes nothing', async () => {
    const net = routes({ 'DELETE v1/nuvei/cards/upo-1': { body: { success: true } } });
    const { user } = renderPage(<AddCardPage methods={methods} profile={shopperIn('TX')} />, {
      path: '/add-card/:orderId?',
      at: '/add-card',
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending 1111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Visa ending 1111?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Visa ending 1111')).toBeInTheDocument();
    expect(net.keys()).not.toContain('DELETE v1/nuvei/cards/upo-1');
  });
});
