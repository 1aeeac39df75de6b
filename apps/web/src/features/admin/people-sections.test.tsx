// The people-and-money sections of the admin console (ADR 025), against the server's answers: paging from
// hasMore, a change asked for and confirmed, and a refusal's message shown to the admin.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { AUTH_TOKEN_KEY } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import { mockApi, type ApiCall } from '../../../test/mock-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import UsersSection from './users/UsersSection.tsx';
import OrdersSection from './orders/OrdersSection.tsx';
import CashoutsSection from './cashouts/CashoutsSection.tsx';
import AuditSection from './audit/AuditSection.tsx';

beforeEach(() => storage.set(AUTH_TOKEN_KEY, 'tok_admin'));
afterEach(() => {
  act(() => toast.dismiss());
});

const user = (n: number) => ({
  id: `u${n}`,
  email: `mei${n}@example.com`,
  firstname: 'Mei',
  lastname: `Lin${n}`,
  role: 'USER',
  emailVerified: true,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const userDetail = (winWallet: number) => ({
  success: true,
  data: {
    user: { ...user(1), address: null },
    verification: { attempts: 1, decision: 'REJECTED', status: 'DONE', updatedAt: '2026-11-21T10:00:00.000Z' },
    wallets: { purchasedWallet: 100, winWallet, stackingWallet: 0 },
    recentLedger: [],
  },
});

const conflict = (message: string) => ({ status: 409, body: { success: false, code: 'CONFLICT', message } });

describe('users', () => {
  it('searches on the server and pages with hasMore', async () => {
    const net = mockApi({
      'GET v1/admin/users': (call: ApiCall) => {
        const page = Number(call.search.get('page'));
        return { body: { success: true, data: { users: [user(page)], page, limit: 20, hasMore: page === 1 } } };
      },
    });
    const { user: admin } = renderRoutes([{ path: '/admin/users/*', element: <UsersSection /> }], { path: '/admin/users' });

    await admin.type(await screen.findByLabelText('E-mail or name starts with'), 'mei');
    await admin.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(net.calls.at(-1)?.search.get('q')).toBe('mei'));
    expect(await screen.findByRole('link', { name: 'mei1@example.com' })).toBeInTheDocument();

    await admin.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'mei2@example.com' })).toBeInTheDocument();
    expect(net.calls.at(-1)?.search.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("shows the shopper's verification record in words, never the provider's raw values (issue 24)", async () => {
    mockApi({ 'GET v1/admin/users/u1': { body: userDetail(0) } });
    renderRoutes([{ path: '/admin/users/*', element: <UsersSection /> }], { path: '/admin/users/u1' });
    const record = await screen.findByTestId('admin-user-verification');
    expect(record).toHaveTextContent('Rejected');
    expect(record).toHaveTextContent('Finished');
    expect(record).not.toHaveTextContent('REJECTED');
    expect(record).not.toHaveTextContent('DONE');
  });

  it('adjusts a wallet only with a reason, after confirming, and shows the result', async () => {
    let winWallet = 0;
    const net = mockApi({
      'GET v1/admin/users/u1': () => ({ body: userDetail(winWallet) }),
      'POST v1/admin/wallet/adjustments': (call) => {
        const body = call.body as { amount: number; wallet: 'winWallet' };
        winWallet += body.amount;
        return {
          body: {
            success: true,
            data: {
              id: 'adj1',
              userId: 'u1',
              wallet: body.wallet,
              amount: body.amount,
              reason: 'x',
              adminId: 'a1',
              createdAt: '2026-11-24T10:00:00.000Z',
              coins: { purchasedWallet: 100, winWallet, stackingWallet: 0 },
            },
          },
        };
      },
    });
    const { user: admin } = renderRoutes([{ path: '/admin/users/*', element: <UsersSection /> }], { path: '/admin/users/u1' });

    const form = await screen.findByRole('group', { name: 'Wallet adjustment' });
    await admin.selectOptions(within(form).getByLabelText('Wallet'), 'winWallet');
    await admin.type(within(form).getByLabelText('Coins (negative takes)'), '300');
    expect(screen.getByRole('button', { name: 'Adjust wallet' })).toBeDisabled();
    await admin.type(within(form).getByLabelText('Reason (required)'), 'Prize paid by hand');
    await admin.click(screen.getByRole('button', { name: 'Adjust wallet' }));
    expect(net.find('POST v1/admin/wallet/adjustments')).toBeUndefined();

    await admin.click(within(screen.getByRole('group', { name: 'Confirm: Adjust wallet' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Winnings adjusted by +300: now 300 coins.')).toBeInTheDocument();
    expect(net.find('POST v1/admin/wallet/adjustments')?.body).toEqual({
      userId: 'u1',
      wallet: 'winWallet',
      amount: 300,
      reason: 'Prize paid by hand',
    });
    await waitFor(() => expect(screen.getByTestId('admin-wallet-winWallet')).toHaveTextContent('300'));
  });

  it('sends an Idempotency-Key: the same one when the same adjustment is confirmed again after a failure, a new one for the next', async () => {
    let answers = 0;
    const net = mockApi({
      'GET v1/admin/users/u1': () => ({ body: userDetail(0) }),
      'POST v1/admin/wallet/adjustments': (call) => {
        answers += 1;
        // The first answer is lost on the way (a gateway timeout): the admin confirms again.
        if (answers === 1) return { status: 504, body: { success: false, code: 'GATEWAY_TIMEOUT', message: 'The answer was lost.' } };
        const body = call.body as { amount: number; wallet: 'winWallet' };
        return {
          body: {
            success: true,
            data: {
              id: `adj${answers}`,
              userId: 'u1',
              wallet: body.wallet,
              amount: body.amount,
              reason: 'x',
              adminId: 'a1',
              createdAt: '2026-11-24T10:00:00.000Z',
              coins: { purchasedWallet: 100, winWallet: body.amount, stackingWallet: 0 },
            },
          },
        };
      },
    });
    const { user: admin } = renderRoutes([{ path: '/admin/users/*', element: <UsersSection /> }], { path: '/admin/users/u1' });
    const form = await screen.findByRole('group', { name: 'Wallet adjustment' });
    await admin.selectOptions(within(form).getByLabelText('Wallet'), 'winWallet');
    const submit = async (amount: string, reason: string) => {
      await admin.clear(within(form).getByLabelText('Coins (negative takes)'));
      await admin.type(within(form).getByLabelText('Coins (negative takes)'), amount);
      await admin.clear(within(form).getByLabelText('Reason (required)'));
      await admin.type(within(form).getByLabelText('Reason (required)'), reason);
      await admin.click(screen.getByRole('button', { name: 'Adjust wallet' }));
      await admin.click(within(screen.getByRole('group', { name: 'Confirm: Adjust wallet' })).getByRole('button', { name: 'Confirm' }));
    };

    await submit('300', 'Prize paid by hand');
    expect((await screen.findAllByText('The answer was lost.')).length).toBeGreaterThan(0);
    await admin.click(screen.getByRole('button', { name: 'Adjust wallet' }));
    await admin.click(within(screen.getByRole('group', { name: 'Confirm: Adjust wallet' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Winnings adjusted by +300: now 300 coins.')).toBeInTheDocument();
    await submit('300', 'A second prize');
    await waitFor(() => expect(net.callsTo('POST', 'v1/admin/wallet/adjustments')).toHaveLength(3));

    const keys = net.callsTo('POST', 'v1/admin/wallet/adjustments').map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('orders', () => {
  const anOrder = () => ({
    id: 'o1',
    userId: 'u1',
    email: 'mei1@example.com',
    name: 'Mei Lin1',
    status: 'fulfilled',
    totalCents: 499,
    coins: 500,
    bonusCoins: 0,
    createdAt: '2026-11-24T09:00:00.000Z',
    paidAt: '2026-11-24T09:01:00.000Z',
    source: 'cart',
    subtotalCents: 499,
    discountCents: 0,
    taxCents: 0,
    couponCode: null,
    failureReason: null,
    fulfilledAt: '2026-11-24T09:01:00.000Z',
    number: 100042,
    items: [],
  });

  it('lists each order with its number and the shopper by name and e-mail (issue 24)', async () => {
    const order = anOrder();
    mockApi({ 'GET v1/admin/orders': { body: { success: true, data: { orders: [order], page: 1, limit: 20, hasMore: false } } } });
    renderRoutes([{ path: '/admin/orders/*', element: <OrdersSection /> }], { path: '/admin/orders' });
    const row = await screen.findByTestId('admin-order-row');
    expect(within(row).getByRole('link', { name: 'Mei Lin1' })).toHaveAttribute('href', '/admin/users/u1');
    expect(row).toHaveTextContent('mei1@example.com');
    expect(within(row).getByRole('link', { name: '#100042' })).toHaveAttribute('href', '/admin/orders/o1');
  });

  it("shows a refused refund's message to the admin", async () => {
    const order = anOrder();
    mockApi({
      'GET v1/admin/orders/o1': { body: { success: true, data: { order, payments: [], ledger: [] } } },
      'POST v1/admin/orders/o1/refund': conflict('A refund of this order is already in progress.'),
    });
    const { user: admin } = renderRoutes([{ path: '/admin/orders/*', element: <OrdersSection /> }], { path: '/admin/orders/o1' });

    await admin.type(await screen.findByLabelText('Refund reason (required)'), 'Wrong package');
    await admin.click(screen.getByRole('button', { name: 'Refund' }));
    await admin.click(within(screen.getByRole('group', { name: 'Confirm: Refund' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A refund of this order is already in progress.');
  });

  it('reads Refunded after a refund, with what was done, and offers no second refund (issue 24)', async () => {
    let refunded = false;
    mockApi({
      'GET v1/admin/orders/o1': () => ({
        body: {
          success: true,
          data: {
            order: { ...anOrder(), status: refunded ? 'refunded' : 'fulfilled' },
            payments: [],
            ledger: [
              {
                id: 1,
                wallet: 'purchasedWallet',
                amount: 500,
                reason: 'purchase',
                kind: 'purchase',
                reference: 'order:o1',
                order: { id: 'o1', number: 100042 },
                createdAt: '2026-11-24T09:01:00.000Z',
              },
            ],
          },
        },
      }),
      'POST v1/admin/orders/o1/refund': () => {
        refunded = true;
        return { body: { success: true, data: { ...anOrder(), status: 'refunded' } } };
      },
    });
    const { user: admin } = renderRoutes([{ path: '/admin/orders/*', element: <OrdersSection /> }], { path: '/admin/orders/o1' });
    expect(await screen.findByTestId('admin-order-state')).toHaveTextContent('Fulfilled');
    // The ledger names the wallet and the kind as people read them, and the order by its number (issue 24).
    const row = screen.getByTestId('admin-ledger-row');
    expect(row).toHaveTextContent('Purchased');
    expect(row).toHaveTextContent('Purchase');
    expect(within(row).getByRole('link', { name: 'Order #100042' })).toHaveAttribute('href', '/admin/orders/o1');
    expect(row).not.toHaveTextContent('order:o1');
    await admin.type(screen.getByLabelText('Refund reason (required)'), 'Wrong package');
    await admin.click(screen.getByRole('button', { name: 'Refund' }));
    await admin.click(within(screen.getByRole('group', { name: 'Confirm: Refund' })).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('admin-order-state')).toHaveTextContent('Refunded'));
    expect(screen.getByTestId('admin-order-refunded')).toHaveTextContent(
      'Order #100042 refunded. This order is refunded; it cannot be refunded again.',
    );
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Refund reason (required)')).not.toBeInTheDocument();
  });
});

describe('cash-outs', () => {
  const anItem = () => ({
    _id: 'c1',
    amount: 2000,
    amountCents: 2000,
    status: 'PENDING',
    userPaymentOptionId: 'b1',
    bankName: 'Sandbox Federal Bank',
    last4: '0001',
    rejectionReason: null,
    failureReason: null,
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    userId: 'u1',
    decidedBy: null,
    decidedAt: null,
    paidAt: null,
    email: 'mei1@example.com',
    name: 'Mei Lin',
    decidedByEmail: null,
  });

  it('tells the admin who lost a race to decide a cash-out what the server said', async () => {
    const item = anItem();
    let decided = false;
    mockApi({
      'GET v1/admin/cashouts': () => ({ body: { success: true, data: decided ? [] : [item] } }),
      'POST v1/admin/cashouts/c1/approve': () => {
        decided = true;
        return conflict('This cash-out was already decided.');
      },
    });
    const { user: admin } = renderRoutes([{ path: '/admin/cashouts/*', element: <CashoutsSection /> }], { path: '/admin/cashouts' });

    await admin.click(await screen.findByRole('button', { name: 'Approve' }));
    await admin.click(within(screen.getByRole('group', { name: 'Confirm: Approve' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('admin-outcome')).toHaveTextContent('This cash-out was already decided.');
    // The list asks again: the row the other admin decided is gone, the message stays.
    expect(await screen.findByText('No cash-out waits for a decision.')).toBeInTheDocument();
    expect(screen.getByTestId('admin-outcome')).toHaveTextContent('This cash-out was already decided.');
  });

  it('shows the shopper by name and e-mail, and the history by state with who decided (issue 24)', async () => {
    const rejected = {
      ...anItem(),
      status: 'REJECTED',
      rejectionReason: 'Bank details do not match',
      decidedBy: 'a1',
      decidedByEmail: 'admin@luckydragon.example',
      decidedAt: '2026-11-24T10:00:00.000Z',
    };
    const net = mockApi({
      'GET v1/admin/cashouts': (call: ApiCall) => ({
        body: { success: true, data: call.search.get('status') === 'REJECTED' ? [rejected] : [anItem()] },
      }),
    });
    const { user: admin } = renderRoutes([{ path: '/admin/cashouts/*', element: <CashoutsSection /> }], { path: '/admin/cashouts' });
    const row = await screen.findByTestId('admin-cashout-row');
    expect(within(row).getByRole('link', { name: 'Mei Lin' })).toHaveAttribute('href', '/admin/users/u1');
    expect(row).toHaveTextContent('mei1@example.com');
    expect(net.find('GET v1/admin/cashouts')!.search.get('status')).toBe('PENDING');

    await admin.selectOptions(screen.getByLabelText('Show'), 'REJECTED');
    await waitFor(() => expect(screen.getByTestId('admin-cashout-row')).toHaveTextContent('Rejected by admin@luckydragon.example'));
    const decidedRow = screen.getByTestId('admin-cashout-row');
    expect(decidedRow).toHaveTextContent('Bank details do not match');
    expect(within(decidedRow).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});

describe('audit', () => {
  it('shows who, what, before and after as JSON, filtered by action on the server', async () => {
    const net = mockApi({
      'GET v1/admin/audit': {
        body: {
          success: true,
          data: {
            entries: [
              {
                id: 1,
                actorId: 'a1',
                actorEmail: 'admin@luckydragon.example',
                action: 'wallet.adjust',
                targetType: 'user',
                targetId: 'u1',
                targetLabel: 'mei@example.com',
                before: { wallet: 'winWallet', coins: 0 },
                after: { wallet: 'winWallet', coins: 300, reason: 'Prize' },
                createdAt: '2026-11-24T10:00:00.000Z',
              },
            ],
            page: 1,
            limit: 20,
            hasMore: false,
          },
        },
      },
    });
    const { user: admin } = renderRoutes([{ path: '/admin/audit/*', element: <AuditSection /> }], { path: '/admin/audit' });

    const row = await screen.findByTestId('admin-audit-row');
    expect(row).toHaveTextContent('admin@luckydragon.example');
    expect(row).toHaveTextContent('"coins": 300');
    // The shopper by e-mail, never by id alone (issue 24); the change's details scroll by keyboard too.
    expect(within(row).getByRole('link', { name: 'mei@example.com' })).toHaveAttribute('href', '/admin/users/u1');
    expect(within(row).getByRole('region', { name: 'After, entry 1' })).toHaveAttribute('tabindex', '0');
    await admin.type(screen.getByLabelText('Action (e.g. wallet.adjust)'), 'wallet.adjust');
    await admin.type(screen.getByLabelText("Admin's e-mail"), 'admin@luckydragon.example');
    await admin.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(net.calls.at(-1)?.search.get('action')).toBe('wallet.adjust'));
    // The admin by e-mail, never an id to look up first (issue 24).
    expect(net.calls.at(-1)?.search.get('actorEmail')).toBe('admin@luckydragon.example');
  });
});
