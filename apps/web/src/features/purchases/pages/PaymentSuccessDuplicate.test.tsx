// /payment-success after a second payment of an order already paid another way was refunded (ADR 012).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DUPLICATE_PAYMENT_REFUNDED_TEXT } from '@store/shared';
import PaymentSuccessPage from './PaymentSuccessPage.tsx';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { anOrder } from '../../../../test/fixtures/orders.ts';

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown) => ({ body: { success: true, data } });

describe('PaymentSuccessPage after a duplicate payment', () => {
  it('says the second payment was refunded, beside the order paid the first way', async () => {
    mockApi({ 'GET v1/checkout/getorder': ok(anOrder({ _id: 'ord-1', status: 'fulfilled' })) });
    renderPage(<PaymentSuccessPage />, { path: '/payment-success', at: '/payment-success?orderId=ord-1&duplicateRefunded=1' });
    expect(await screen.findByTestId('duplicate-payment-refunded')).toHaveTextContent(DUPLICATE_PAYMENT_REFUNDED_TEXT);
    expect(screen.getByTestId('coins-credited')).toBeInTheDocument();
  });

  it('says nothing of the kind otherwise', async () => {
    mockApi({ 'GET v1/checkout/getorder': ok(anOrder({ _id: 'ord-1', status: 'fulfilled' })) });
    renderPage(<PaymentSuccessPage />, { path: '/payment-success', at: '/payment-success?orderId=ord-1' });
    await screen.findByTestId('coins-credited');
    expect(screen.queryByTestId('duplicate-payment-refunded')).not.toBeInTheDocument();
  });
});
