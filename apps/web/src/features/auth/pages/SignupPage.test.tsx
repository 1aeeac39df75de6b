import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import SignupPage from './SignupPage.tsx';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

// Typing through a real form is slow on a busy machine; the 5 s default is not about correctness.
afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof renderPage>['user'];

async function fillForm(
  user: User,
  overrides: Partial<Record<'First name' | 'Last name' | 'E-mail' | 'Password' | 'Confirm password', string>> = {},
) {
  const values = {
    'First name': 'Sam',
    'Last name': 'Shopper',
    'E-mail': 'sam@example.test',
    Password: 'pass-1234-word',
    'Confirm password': 'pass-1234-word',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

describe('SignupPage', () => {
  it('labels each field once, so a lookup by label finds only the input', () => {
    mockApi({});
    renderPage(<SignupPage />, { path: '/signup' });
    for (const label of [/first name/i, /last name/i, /e-mail/i, /confirm password/i]) {
      expect(screen.getAllByLabelText(label).map((el) => el.tagName)).toEqual(['INPUT']);
    }
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeInTheDocument();
  });

  it('names every field that needs fixing and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderPage(<SignupPage />, { path: '/signup' });
    await fillForm(user, { 'First name': '', 'E-mail': 'not-an-address', Password: 'short', 'Confirm password': 'other' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('E-mail must be a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Confirm password must match the password.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the Terms and Conditions to continue.')).toBeInTheDocument();
    expect(screen.getByText('You must be 18 or older to create an account.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I am 18 years of age or older' })).toHaveAccessibleDescription(
      'You must be 18 or older to create an account.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the 6 fields marked below.');
    expect(api.calls).toHaveLength(0);
  });

  it('asks for the same password twice', async () => {
    const api = mockApi({});
    const { user } = renderPage(<SignupPage />, { path: '/signup' });
    await fillForm(user, { 'Confirm password': 'pass-9999-word' });
    await user.click(screen.getByRole('checkbox', { name: 'I am 18 years of age or older' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Confirm password must match the password.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('creates the account and says where the confirmation link went', async () => {
    const api = mockApi({ 'POST v1/auth/signup': { status: 201, body: { success: true, message: 'Check your inbox.' } } });
    const { user } = renderPage(<SignupPage />, { path: '/signup' });
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/use-policy-terms');
    await fillForm(user, { 'E-mail': 'Sam@Example.test' });
    await user.click(screen.getByRole('checkbox', { name: 'I am 18 years of age or older' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent a confirmation link to sam@example.test.');
    expect(screen.getByRole('link', { name: 'send the link again' })).toHaveAttribute('href', '/resend-email');
    expect(api.callsTo('POST', 'v1/auth/signup')[0]?.body).toEqual({
      firstname: 'Sam',
      lastname: 'Shopper',
      email: 'sam@example.test',
      password: 'pass-1234-word',
      adultConfirmed: true,
    });
  });

  it("puts the server's complaint next to the field it names", async () => {
    mockApi({ 'POST v1/auth/signup': failure(409, 'An account with this e-mail already exists.', 'CONFLICT', 'email') });
    const { user } = renderPage(<SignupPage />, { path: '/signup' });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: 'I am 18 years of age or older' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const message = await screen.findByText('An account with this e-mail already exists.');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('An account with this e-mail already exists.');
    expect(message).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).not.toBeInTheDocument();
  });

  it('shows a failure without a field as a form alert', async () => {
    mockApi({ 'POST v1/auth/signup': failure(500, 'Something went wrong on our side.', 'INTERNAL') });
    const { user } = renderPage(<SignupPage />, { path: '/signup' });
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: 'I am 18 years of age or older' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong on our side.')).toBeInTheDocument();
  });
});
