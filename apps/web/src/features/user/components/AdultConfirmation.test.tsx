import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { ADULT_REQUIRED_TEXT, AdultConfirmation } from './AdultConfirmation.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the 18+ confirmation of an account that has not given it', () => {
  it('sends nothing until the box is ticked, then confirms', async () => {
    const net = mockApi({ 'POST v1/user/confirm-adult': { body: { success: true, message: 'Thank you.' } } });
    const { user } = renderPage(<AdultConfirmation onSignOut={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Confirm your age' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ADULT_REQUIRED_TEXT);
    expect(screen.getByLabelText('I am 18 years of age or older')).toHaveAttribute('aria-invalid', 'true');
    expect(net.calls).toHaveLength(0);
    await user.click(screen.getByLabelText('I am 18 years of age or older'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(net.callsTo('POST', 'v1/user/confirm-adult')).toHaveLength(1));
    expect(net.find('POST v1/user/confirm-adult')!.body).toEqual({ adultConfirmed: true });
  });

  it('lets the shopper sign out instead, and Escape does not dismiss it', async () => {
    mockApi({});
    const onSignOut = vi.fn();
    const { user } = renderPage(<AdultConfirmation onSignOut={onSignOut} />);
    const dialog = screen.getByRole('dialog', { name: 'Confirm your age' });
    const escape = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
