import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { ChangeEmail } from './ChangeEmail.tsx';

afterEach(() => vi.unstubAllGlobals());

const SENT = 'We sent a link to new@example.com. Your e-mail address changes when you open it; until then, sign in with the current one.';

describe('changing the e-mail address from the profile', () => {
  it('sends the new address with the current password, says where the link went, and empties the form', async () => {
    const net = mockApi({ 'POST v1/auth/change-email': { body: { success: true, message: SENT } } });
    const { user } = renderPage(<ChangeEmail email="dana@example.com" />);
    expect(screen.getByText('dana@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New e-mail address'), 'new@example.com');
    await user.type(screen.getByLabelText('Your password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(net.find('POST v1/auth/change-email')!.body).toEqual({ newEmail: 'new@example.com', currentPassword: 'correct horse battery' });
    expect(screen.getByLabelText('New e-mail address')).toHaveValue('');
    expect(screen.getByLabelText('Your password')).toHaveValue('');
  });

  it('says what is missing before sending anything', async () => {
    const net = mockApi({});
    const { user } = renderPage(<ChangeEmail email="dana@example.com" />);
    await user.type(screen.getByLabelText('New e-mail address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New e-mail address')).toHaveAccessibleDescription('New e-mail address must be a valid e-mail address.'),
    );
    expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription('Your password is required.');
    expect(net.calls).toHaveLength(0);
  });

  it("shows the server's refusal under the field it names", async () => {
    mockApi({
      'POST v1/auth/change-email': failure(400, 'Your current password is not right.', 'WRONG_CURRENT_PASSWORD', 'currentPassword'),
    });
    const { user } = renderPage(<ChangeEmail email="dana@example.com" />);
    await user.type(screen.getByLabelText('New e-mail address'), 'new@example.com');
    await user.type(screen.getByLabelText('Your password'), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.getByLabelText('Your password')).toHaveAccessibleDescription('Your current password is not right.'));
    expect(screen.getByLabelText('New e-mail address')).toHaveValue('new@example.com');
  });
});
