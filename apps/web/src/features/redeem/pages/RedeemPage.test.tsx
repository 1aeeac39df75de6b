import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import RedeemPage, { codeValue } from './RedeemPage.tsx';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

const crimson = {
  code: 'LDC-CRIM-SON1-0001',
  name: 'Crimson Gift Card $100',
  image: '/images/gift-card-crimson.svg',
  coins: 10_000,
  bonusCoins: 500,
  totalCoins: 10_500,
  redeemedAt: null,
};
const ok = (data: unknown) => ({ body: { success: true, data } });

describe('RedeemPage', () => {
  it('checks a code, shows what it gives, and redeems it once into the wallet', async () => {
    const net = mockApi({
      'POST v1/gift-cards/check': ok(crimson),
      'POST v1/gift-cards/redeem': ok({ ...crimson, redeemedAt: '2026-11-29T10:00:00.000Z' }),
    });
    const { user } = renderPage(<RedeemPage />, { path: '/redeem' });
    await user.type(screen.getByLabelText('Gift-card code'), '  LDC-CRIM-SON1-0001 ');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByTestId('redeem-value')).toHaveTextContent('Gives 10,000 coins + 500 bonus = 10,500 coins.');
    expect(net.find('POST v1/gift-cards/check')!.body).toEqual({ code: 'LDC-CRIM-SON1-0001' });

    await user.click(screen.getByRole('button', { name: 'Redeem 10,500 coins' }));
    expect(await screen.findByTestId('redeem-done')).toHaveTextContent(
      '10,500 coins from your Crimson Gift Card $100 were added to your wallet.',
    );
    expect(net.find('POST v1/gift-cards/redeem')!.body).toEqual({ code: 'LDC-CRIM-SON1-0001' });
    expect(screen.queryByTestId('redeem-submit')).toBeNull();
    expect(screen.getByLabelText('Gift-card code')).toHaveValue('');
  });

  it('says when a code was redeemed already, and offers no redeem button', async () => {
    mockApi({ 'POST v1/gift-cards/check': ok({ ...crimson, redeemedAt: '2026-11-20T10:00:00.000Z' }) });
    const { user } = renderPage(<RedeemPage />, { path: '/redeem' });
    await user.type(screen.getByLabelText('Gift-card code'), 'LDC-CRIM-SON1-0001');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByTestId('redeem-already')).toHaveTextContent('This code was redeemed on 20 Nov 2026');
    expect(screen.queryByTestId('redeem-submit')).toBeNull();
  });

  it("shows the server's answer for a code it does not know", async () => {
    mockApi({
      'POST v1/gift-cards/check': failure(
        404,
        "We don't know this code. Check it against your receipt: letters, digits and dashes.",
        'GIFT_CARD_CODE_UNKNOWN',
        'code',
      ),
    });
    const { user } = renderPage(<RedeemPage />, { path: '/redeem' });
    await user.type(screen.getByLabelText('Gift-card code'), 'NOPE-0000');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByTestId('redeem-error')).toHaveTextContent("We don't know this code.");
    expect(screen.queryByTestId('redeem-found')).toBeNull();
  });

  it('names a bonus only when there is one', () => {
    expect(codeValue({ coins: 2_500, bonusCoins: 0, totalCoins: 2_500 })).toBe('2,500 coins');
  });
});
