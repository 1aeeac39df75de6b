import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCoupon } from '@store/shared';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import CouponsSection from './CouponsSection.tsx';

afterEach(() => vi.unstubAllGlobals());

const dragon5: AdminCoupon = {
  id: 'c1',
  code: 'DRAGON5',
  description: '$5.00 off',
  kind: 'FIXED',
  amount: 500,
  startsAt: '2024-01-01T00:00:00.000Z',
  endsAt: null,
  minSubtotalCents: 2_000,
  maxRedemptions: 100,
  perUserLimit: 1,
  redeemedCount: 7,
  completedRedemptions: 5,
  userId: null,
  active: true,
  version: 2,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};
const page = (coupons: AdminCoupon[]) => ({ body: { success: true, data: { coupons, page: 1, limit: 20, hasMore: false } } });

function renderSection(routes: Parameters<typeof mockApi>[0] = {}) {
  const net = mockApi({ 'GET v1/admin/coupons': page([dragon5]), ...routes });
  const view = renderPage(<CouponsSection />);
  return { ...view, net };
}

describe('CouponsSection', () => {
  it('lists coupons with the discount, minimum, uses so far and limits', async () => {
    renderSection();
    const row = await screen.findByTestId('coupon-DRAGON5');
    expect(row).toHaveTextContent('$5.00 off');
    expect(row).toHaveTextContent('$20.00');
    expect(row).toHaveTextContent('7 (5 completed)');
    expect(row).toHaveTextContent('100 / 1');
    expect(within(row).getByTestId('coupon-state')).toHaveTextContent('Active');
  });

  it('says in words which coupons are expired, used up, not open yet or disabled (issue 24)', async () => {
    const day = 86_400_000;
    renderSection({
      'GET v1/admin/coupons': page([
        { ...dragon5, id: 'c2', code: 'PAST', endsAt: new Date(Date.now() - day).toISOString() },
        { ...dragon5, id: 'c3', code: 'GONE', maxRedemptions: 5, completedRedemptions: 5 },
        { ...dragon5, id: 'c4', code: 'SOON', startsAt: new Date(Date.now() + day).toISOString() },
        { ...dragon5, id: 'c5', code: 'OFF', active: false },
      ]),
    });
    const stateOf = async (code: string) => within(await screen.findByTestId(`coupon-${code}`)).getByTestId('coupon-state').textContent;
    expect(await stateOf('PAST')).toBe('Expired');
    expect(await stateOf('GONE')).toBe('Used up');
    expect(await stateOf('SOON')).toBe('Scheduled');
    expect(await stateOf('OFF')).toBe('Disabled');
  });

  it('says what is wrong before sending anything', async () => {
    const { user, net } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    await user.type(screen.getByLabelText('Code'), 'no spaces please');
    await user.type(screen.getByLabelText('Amount (%)'), '120');
    await user.type(screen.getByLabelText('Minimum order ($)'), '19.999');
    await user.type(screen.getByLabelText('Uses per shopper'), '0');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));

    expect(await screen.findByText('Use 3 to 32 letters, digits, - or _.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole percentage from 1 to 100.')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount in dollars, e.g. 20 or 19.99.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number of uses, or leave it empty for no limit.')).toBeInTheDocument();
    expect(net.callsTo('POST', 'v1/admin/coupons')).toHaveLength(0);
  });

  it('creates a fixed coupon: dollars sent as integer cents, code in capitals, empty limits as none', async () => {
    const { user, net } = renderSection({
      'POST v1/admin/coupons': { status: 201, body: { success: true, data: { ...dragon5, id: 'c2', code: 'SPRING' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    await user.type(screen.getByLabelText('Code'), 'spring');
    await user.selectOptions(screen.getByLabelText('Kind'), 'FIXED');
    await user.type(screen.getByLabelText('Amount ($)'), '4.99');
    await user.type(screen.getByLabelText('Minimum order ($)'), '20');
    await user.type(screen.getByLabelText('Uses in all'), '500');
    fireEvent.change(screen.getByLabelText('Valid until'), { target: { value: '2030-06-30T23:59' } });
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(net.callsTo('POST', 'v1/admin/coupons')).toHaveLength(1));
    expect(net.find('POST v1/admin/coupons')!.body).toEqual({
      code: 'SPRING',
      description: '',
      kind: 'FIXED',
      amount: 499,
      minSubtotalCents: 2_000,
      maxRedemptions: 500,
      perUserLimit: null,
      endsAt: new Date('2030-06-30T23:59').toISOString(),
      active: true,
    });
    expect(await screen.findByText('Coupon SPRING created.')).toBeInTheDocument();
  });

  it('shows a code another coupon has under the code field', async () => {
    const { user } = renderSection({ 'POST v1/admin/coupons': failure(409, 'Another coupon already has this code.', 'CONFLICT', 'code') });
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    await user.type(screen.getByLabelText('Code'), 'DRAGON5');
    await user.type(screen.getByLabelText('Amount (%)'), '10');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Another coupon already has this code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits from the stored values with the version read', async () => {
    const { user, net } = renderSection({
      'PUT v1/admin/coupons/c1': { body: { success: true, data: { ...dragon5, amount: 750, version: 3 } } },
    });
    await user.click(within(await screen.findByTestId('coupon-DRAGON5')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Amount ($)')).toHaveValue('5.00');
    expect(screen.getByLabelText('Minimum order ($)')).toHaveValue('20.00');
    await user.clear(screen.getByLabelText('Amount ($)'));
    await user.type(screen.getByLabelText('Amount ($)'), '7.50');
    await user.click(screen.getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(net.callsTo('PUT', 'v1/admin/coupons/c1')).toHaveLength(1));
    expect(net.find('PUT v1/admin/coupons/c1')!.body).toMatchObject({
      code: 'DRAGON5',
      amount: 750,
      minSubtotalCents: 2_000,
      perUserLimit: 1,
      version: 2,
    });
  });

  it('disables a coupon with the version read', async () => {
    const { user, net } = renderSection({
      'POST v1/admin/coupons/c1/disable': { body: { success: true, data: { ...dragon5, active: false, version: 3 } } },
    });
    await user.click(within(await screen.findByTestId('coupon-DRAGON5')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Coupon DRAGON5 disabled.')).toBeInTheDocument();
    expect(net.find('POST v1/admin/coupons/c1/disable')!.body).toEqual({ version: 2 });
  });
});
