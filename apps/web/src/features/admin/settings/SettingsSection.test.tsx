import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_METHOD_KINDS, US_STATES, type AdminSettings } from '@store/shared';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import SettingsSection from './SettingsSection.tsx';

afterEach(() => vi.unstubAllGlobals());

const stored: AdminSettings = {
  store: {
    companyName: 'Lucky Dragon Collective',
    companyDescription: 'We draw dragons.',
    addressLines: ['1208 Lantern Street', 'Austin, TX 78701'],
    phone: '+1 (512) 555-0148',
    supportEmail: 'support@luckydragon.example',
    iosAppUrl: 'https://apps.apple.com/us/app/x/id1',
    androidAppUrl: 'https://play.google.com/store/apps/details?id=x',
    androidLatestVersion: '2.4.1',
    iosLatestVersion: '2.4.0',
    coinsPerDollar: 100,
    transactionLimitCents: 50_000,
    blockedCountries: ['CU', 'UA-43'],
    taxRatesBps: { TX: 825 },
  },
  purchases: {
    whitelistedStates: ['TX', 'NY'],
    enabledPaymentMethods: ['card', 'bank_account'],
    cardRouting: { primary: 'card', fallback: 'stripe_card' },
  },
  cashout: { minCoins: 1_000, maxCoins: 100_000, dailyLimitCoins: 200_000, achHoldHours: 72 },
  version: '4.2.1',
};

function renderSection(routes: Parameters<typeof mockApi>[0] = {}) {
  const net = mockApi({ 'GET v1/admin/settings': { body: { success: true, data: stored } }, ...routes });
  const view = renderPage(<SettingsSection />);
  return { ...view, net };
}

const saved = (call: { body: unknown }) => ({ body: { success: true, data: { ...(call.body as AdminSettings), version: '5.3.2' } } });

describe('SettingsSection', () => {
  it('shows the stored settings in the form: dollars, percent, codes, states and methods', async () => {
    renderSection();
    expect(await screen.findByLabelText('Coins per dollar')).toHaveValue('100');
    expect(screen.getByLabelText('Transaction limit ($)')).toHaveValue('500.00');
    expect(screen.getByLabelText('Tax rate TX (%)')).toHaveValue('8.25');
    expect(screen.getByLabelText('Tax rate NY (%)')).toHaveValue('');
    expect(screen.getByLabelText('Blocked countries and regions')).toHaveValue('CU, UA-43');
    expect(screen.getByLabelText('Texas')).toBeChecked();
    expect(screen.getByLabelText('Idaho')).not.toBeChecked();
    expect(screen.getByLabelText('Card')).toBeChecked();
    expect(screen.getByLabelText('Cash App')).not.toBeChecked();
    expect(screen.getByLabelText('Latest iOS version')).toHaveValue('2.4.0');
  });

  it('says what is wrong before sending anything', async () => {
    const { user, net } = renderSection();
    const rate = await screen.findByLabelText('Coins per dollar');
    await user.clear(rate);
    await user.type(rate, '0');
    await user.clear(screen.getByLabelText('Transaction limit ($)'));
    await user.type(screen.getByLabelText('Transaction limit ($)'), '12.345');
    await user.type(screen.getByLabelText('Tax rate CA (%)'), '100.5');
    await user.type(screen.getByLabelText('Tax rate NV (%)'), '6.125');
    await user.type(screen.getByLabelText('Blocked countries and regions'), ', CUBA');
    await user.clear(screen.getByLabelText('Support e-mail'));
    await user.type(screen.getByLabelText('Support e-mail'), 'support');
    await user.clear(screen.getByLabelText('Most coins a request'));
    await user.type(screen.getByLabelText('Most coins a request'), '500');
    await user.clear(screen.getByLabelText('Latest Android version'));
    await user.type(screen.getByLabelText('Latest Android version'), 'latest');
    await user.selectOptions(screen.getByLabelText('Fallback during an outage'), 'card');
    for (const save of screen.getAllByRole('button', { name: /^Save / })) await user.click(save);

    expect(await screen.findByText('Enter a whole number of coins above 0.')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount in dollars above 0, e.g. 500 or 499.99.')).toBeInTheDocument();
    expect(screen.getAllByText('From 0 to 100, at most two decimals.')).toHaveLength(2);
    expect(screen.getByText('Use ISO country codes (two letters, e.g. CU) or subdivisions (e.g. UA-43).')).toBeInTheDocument();
    expect(screen.getByText('Enter an e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('The most a request may take cannot be below the least.')).toBeInTheDocument();
    expect(screen.getByText('Enter a version like 2.4.1.')).toBeInTheDocument();
    expect(screen.getByText('Choose another provider than the primary, or none.')).toBeInTheDocument();
    expect(net.callsTo('PUT', 'v1/admin/settings')).toHaveLength(0);
  });

  it('saves one section with the version read, the others as stored; dollars sent as cents', async () => {
    const { user, net } = renderSection({ 'PUT v1/admin/settings': saved });
    const rate = await screen.findByLabelText('Coins per dollar');
    await user.clear(rate);
    await user.type(rate, '120');
    await user.clear(screen.getByLabelText('Transaction limit ($)'));
    await user.type(screen.getByLabelText('Transaction limit ($)'), '250.5');
    // An edit in another section, not saved: it is not sent, and it stays on the page.
    await user.clear(screen.getByLabelText('Hours after a bank purchase'));
    await user.type(screen.getByLabelText('Hours after a bank purchase'), '24');
    await user.click(screen.getByRole('button', { name: 'Save coins and limits' }));

    await waitFor(() => expect(net.callsTo('PUT', 'v1/admin/settings')).toHaveLength(1));
    expect(net.find('PUT v1/admin/settings')!.body).toEqual({
      store: { ...stored.store, coinsPerDollar: 120, transactionLimitCents: 25_050 },
      // The stored states in the list's own order (New York before Texas).
      purchases: { ...stored.purchases, whitelistedStates: ['NY', 'TX'] },
      cashout: stored.cashout,
      version: '4.2.1',
    });
    const coins = screen.getByRole('form', { name: 'Coins and limits' });
    expect(await within(coins).findByRole('status')).toHaveTextContent('Saved. Shoppers see it now.');
    expect(screen.getByLabelText('Hours after a bank purchase')).toHaveValue('24');
  });

  it('a later section saves on top of the earlier one, with the version that save answered: basis points, codes in capitals', async () => {
    const { user, net } = renderSection({ 'PUT v1/admin/settings': saved });
    await user.clear(await screen.findByLabelText('Coins per dollar'));
    await user.type(screen.getByLabelText('Coins per dollar'), '120');
    await user.click(screen.getByRole('button', { name: 'Save coins and limits' }));
    await waitFor(() => expect(net.callsTo('PUT', 'v1/admin/settings')).toHaveLength(1));

    await user.clear(screen.getByLabelText('Tax rate TX (%)'));
    await user.type(screen.getByLabelText('Tax rate CA (%)'), '7.25');
    await user.click(screen.getByLabelText('Idaho'));
    await user.click(screen.getByRole('button', { name: 'Save states and tax' }));
    await user.type(screen.getByLabelText('Blocked countries and regions'), ', kp');
    await user.click(screen.getByRole('button', { name: 'Save countries' }));
    await user.click(screen.getByLabelText('Bank account (ACH)'));
    await user.selectOptions(screen.getByLabelText('Primary card provider'), 'square_card');
    await user.selectOptions(screen.getByLabelText('Fallback during an outage'), '');
    await user.click(screen.getByRole('button', { name: 'Save payment methods' }));

    await waitFor(() => expect(net.callsTo('PUT', 'v1/admin/settings')).toHaveLength(4));
    const [, states, countries, payments] = net.callsTo('PUT', 'v1/admin/settings').map((call) => call.body as AdminSettings);
    expect(states).toEqual({
      store: { ...stored.store, coinsPerDollar: 120, taxRatesBps: { CA: 725 } },
      purchases: { ...stored.purchases, whitelistedStates: ['ID', 'NY', 'TX'] /* US_STATES order: Idaho, New York, Texas */ },
      cashout: stored.cashout,
      version: '5.3.2',
    });
    expect(countries!.store.blockedCountries).toEqual(['CU', 'UA-43', 'KP']);
    expect(payments!.purchases).toEqual({
      whitelistedStates: ['ID', 'NY', 'TX'],
      enabledPaymentMethods: ['card'],
      cardRouting: { primary: 'square_card', fallback: null },
    });
  });

  it("a mistake in one section does not hold another section's save back", async () => {
    const { user, net } = renderSection({ 'PUT v1/admin/settings': saved });
    await user.clear(await screen.findByLabelText('Support e-mail'));
    await user.type(screen.getByLabelText('Support e-mail'), 'support');
    await user.clear(screen.getByLabelText('Most coins a request'));
    await user.type(screen.getByLabelText('Most coins a request'), '500');
    await user.click(screen.getByRole('button', { name: 'Save cash-out rules' }));
    // The comparison of two fields names the field it refuses.
    await waitFor(() =>
      expect(screen.getByLabelText('Most coins a request')).toHaveAccessibleDescription(
        'The most a request may take cannot be below the least.',
      ),
    );
    expect(net.callsTo('PUT', 'v1/admin/settings')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Most coins a request'));
    await user.type(screen.getByLabelText('Most coins a request'), '150000');
    await user.click(screen.getByRole('button', { name: 'Save cash-out rules' }));
    await waitFor(() => expect(net.callsTo('PUT', 'v1/admin/settings')).toHaveLength(1));
    expect((net.find('PUT v1/admin/settings')!.body as AdminSettings).cashout.maxCoins).toBe(150_000);
    expect((net.find('PUT v1/admin/settings')!.body as AdminSettings).store.supportEmail).toBe(stored.store.supportEmail);
  });

  it('shows a field the server refused under that field', async () => {
    const { user } = renderSection({
      'PUT v1/admin/settings': failure(400, "Invalid field 'store.taxRatesBps.TX': Too big", 'VALIDATION_FAILED', 'store.taxRatesBps.TX'),
    });
    await user.click(await screen.findByRole('button', { name: 'Save states and tax' }));
    // The reason under the field, read with it; the server's "Invalid field '…':" preamble is not for people.
    await waitFor(() => expect(screen.getByLabelText('Tax rate TX (%)')).toHaveAccessibleDescription('Too big.'));
    expect(screen.getByLabelText('Tax rate TX (%)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells the admin when another admin saved first, and reloads their settings on request', async () => {
    let reads = 0;
    const { user, net } = renderSection({
      'GET v1/admin/settings': () => ({
        body: {
          success: true,
          data: reads++ === 0 ? stored : { ...stored, store: { ...stored.store, coinsPerDollar: 130 }, version: '5.2.1' },
        },
      }),
      'PUT v1/admin/settings': failure(409, 'Another admin changed the settings since you opened them.', 'CONFLICT', 'version'),
    });
    await user.click(await screen.findByRole('button', { name: 'Save apps' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Another admin changed the settings');
    await user.click(within(alert).getByRole('button', { name: 'Reload settings' }));
    await waitFor(() => expect(screen.getByLabelText('Coins per dollar')).toHaveValue('130'));
    expect(net.callsTo('GET', 'v1/admin/settings').length).toBeGreaterThanOrEqual(2);
  });

  it('lists every state and payment method', async () => {
    renderSection();
    await screen.findByLabelText('Coins per dollar');
    for (const s of US_STATES) expect(screen.getByLabelText(`Tax rate ${s.code} (%)`)).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(US_STATES.length + PAYMENT_METHOD_KINDS.length);
  });
});
