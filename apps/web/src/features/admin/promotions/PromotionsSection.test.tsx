import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminPromotion } from '@store/shared';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import PromotionsSection from './PromotionsSection.tsx';

afterEach(() => vi.unstubAllGlobals());

const running: AdminPromotion = {
  id: 'p1',
  name: 'Lantern Festival',
  channel: 'web',
  kind: 'active',
  bonusType: 'PERCENTAGE',
  bonusPercentage: 10,
  startsAt: '2024-01-01T00:00:00.000Z',
  endsAt: null,
  status: 'running',
  version: 3,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};
const page = (promotions: AdminPromotion[]) => ({ body: { success: true, data: { promotions, page: 1, limit: 20, hasMore: false } } });

function renderSection(routes: Parameters<typeof mockApi>[0] = {}) {
  const net = mockApi({ 'GET v1/admin/promotions/manage': page([running]), ...routes });
  const view = renderPage(<PromotionsSection />);
  return { ...view, net };
}

describe('PromotionsSection', () => {
  it('lists promotions with which one each is, the bonus and the status', async () => {
    renderSection();
    const row = await screen.findByTestId('promotion-p1');
    expect(row).toHaveTextContent('Web promotion');
    expect(row).toHaveTextContent('Lantern Festival');
    expect(row).toHaveTextContent('10%');
    expect(row).toHaveTextContent('Running');
  });

  it('says what is wrong before sending anything', async () => {
    const { user, net } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'New promotion' }));
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByText('Enter a name shoppers will see.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Too generous');
    await user.type(screen.getByLabelText('Bonus (%)'), '150');
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2030-01-02T10:00' } });
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2030-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByText('A percentage bonus is from 1 to 100.')).toBeInTheDocument();
    expect(screen.getByText('The end must come after the start.')).toBeInTheDocument();
    expect(net.callsTo('POST', 'v1/admin/promotions/manage')).toHaveLength(0);
  });

  it('creates the eligibility promotion with a coin bonus and a schedule: the payload the API takes', async () => {
    const { user, net } = renderSection({
      'POST v1/admin/promotions/manage': { status: 201, body: { success: true, data: { ...running, id: 'p2' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'New promotion' }));
    await user.selectOptions(screen.getByLabelText('Which promotion'), 'eligibility');
    await user.type(screen.getByLabelText('Name'), 'Welcome: 800 coins');
    await user.selectOptions(screen.getByLabelText('Bonus type'), 'COINS');
    await user.type(screen.getByLabelText('Bonus (coins)'), '800');
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2030-01-01T09:30' } });
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));

    await waitFor(() => expect(net.callsTo('POST', 'v1/admin/promotions/manage')).toHaveLength(1));
    expect(net.find('POST v1/admin/promotions/manage')!.body).toEqual({
      name: 'Welcome: 800 coins',
      channel: 'web',
      kind: 'first-purchase',
      bonusType: 'COINS',
      bonusPercentage: 800,
      startsAt: new Date('2030-01-01T09:30').toISOString(),
      endsAt: null,
    });
    expect(await screen.findByText('Promotion created.')).toBeInTheDocument();
  });

  it('edits with the version it read, and tells the admin when another admin changed it first', async () => {
    const { user, net } = renderSection({
      'PUT v1/admin/promotions/manage/p1': failure(409, 'Another admin changed this promotion since you opened it.', 'CONFLICT', 'version'),
    });
    await user.click(within(await screen.findByTestId('promotion-p1')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Lantern Festival');
    await user.clear(screen.getByLabelText('Bonus (%)'));
    await user.type(screen.getByLabelText('Bonus (%)'), '20');
    await user.click(screen.getByRole('button', { name: 'Save promotion' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Another admin changed this promotion');
    expect(net.find('PUT v1/admin/promotions/manage/p1')!.body).toMatchObject({
      bonusPercentage: 20,
      version: 3,
      startsAt: running.startsAt,
    });
  });

  it('shows a field the server refused under that field', async () => {
    const { user } = renderSection({
      'PUT v1/admin/promotions/manage/p1': failure(400, "Invalid field 'name': too long", 'VALIDATION_FAILED', 'name'),
    });
    await user.click(within(await screen.findByTestId('promotion-p1')).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save promotion' }));
    expect(await screen.findByText('Name too long.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name too long.');
  });

  it('ends a promotion with the version it read', async () => {
    const { user, net } = renderSection({
      'POST v1/admin/promotions/manage/p1/end': { body: { success: true, data: { ...running, status: 'ended', version: 4 } } },
    });
    await user.click(within(await screen.findByTestId('promotion-p1')).getByRole('button', { name: 'End now' }));
    expect(await screen.findByText('Lantern Festival has ended.')).toBeInTheDocument();
    expect(net.find('POST v1/admin/promotions/manage/p1/end')!.body).toEqual({ version: 3 });
  });
});
