import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import ConfirmEmailPage, { NO_TOKEN_TEXT } from './ConfirmEmailPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'a-one-time-token-from-the-mail-0123456789';

describe('/confirm-email', () => {
  it("sends the link's token once and shows the account's new address", async () => {
    const net = mockApi({
      'POST v1/auth/change-email/confirm': {
        body: { success: true, message: 'Your e-mail address is now new@example.com.', data: { email: 'new@example.com' } },
      },
    });
    renderPage(<ConfirmEmailPage />, { path: '/confirm-email', at: `/confirm-email?token=${TOKEN}` });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Your e-mail address is now new@example.com. Sign in with it from now on.'),
    );
    expect(net.callsTo('POST', 'v1/auth/change-email/confirm')).toHaveLength(1);
    expect(net.find('POST v1/auth/change-email/confirm')!.body).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
  });

  it("says why a used or expired link did nothing, in the server's words", async () => {
    mockApi({
      'POST v1/auth/change-email/confirm': failure(
        400,
        'This link has expired. Ask for a new one from your profile.',
        'TOKEN_EXPIRED',
        'token',
      ),
    });
    renderPage(<ConfirmEmailPage />, { path: '/confirm-email', at: `/confirm-email?token=${TOKEN}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired. Ask for a new one from your profile.');
  });

  it('sends nothing for a link without its token', async () => {
    const net = mockApi({});
    renderPage(<ConfirmEmailPage />, { path: '/confirm-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_TOKEN_TEXT);
    expect(net.calls).toHaveLength(0);
  });
});
