import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SOCIAL_LINK_ERROR_MESSAGES, type SignInMethodsResponse } from '@store/shared';
import { failure, mockApi, type Handler } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { LINK_EXPIRED_TEXT, SignInMethods } from './SignInMethods.tsx';

afterEach(() => vi.unstubAllGlobals());

const SECRET = 'c2VjcmV0LW9mLXRoaXMtdGFiLWZvci10aGUtbGluay0x';
const methods = (providers: SignInMethodsResponse['data']['providers'] = []): SignInMethodsResponse => ({
  success: true,
  data: { hasPassword: true, providers },
});
const appleLinked = methods([{ provider: 'apple', email: 'ann@icloud.example', name: 'Ann', linkedAt: '2026-11-29T10:00:00.000Z' }]);

function renderAt(at: string, routes: Record<string, Handler> = {}) {
  const net = mockApi({ 'GET v1/auth/providers': { body: methods() }, ...routes });
  const view = renderPage(<SignInMethods />, { path: '/profile', at });
  return { ...view, net };
}

describe('linking Apple or Facebook from the profile', () => {
  it("asks the server to start with this tab's binding: the hash of a secret kept in sessionStorage", async () => {
    const { user, net } = renderAt('/profile', {
      'POST v1/auth/providers/facebook/link': failure(
        503,
        'That provider is not available right now. Nothing was linked.',
        'PROVIDER_UNAVAILABLE',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Link Facebook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That provider is not available right now. Nothing was linked.');
    const binding = (net.find('POST v1/auth/providers/facebook/link')!.body as { binding: string }).binding;
    const secret = sessionStorage.getItem('socialSignInBinding')!;
    expect(binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createHash('sha256').update(secret).digest('base64url')).toBe(binding);
  });

  it("finishes with the code from the address's fragment and this tab's secret, then clears both", async () => {
    sessionStorage.setItem('socialSignInBinding', SECRET);
    let linked = false;
    const { net, router } = renderAt('/profile#link=one-time-code-from-the-callback&provider=apple', {
      // The server's list, as it stands before and after the link.
      'GET v1/auth/providers': () => ({ body: linked ? appleLinked : methods() }),
      'POST v1/auth/providers/apple/link/finish': () => {
        linked = true;
        return { body: appleLinked };
      },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Apple is now linked: you can sign in with it.');
    expect(net.find('POST v1/auth/providers/apple/link/finish')!.body).toEqual({
      code: 'one-time-code-from-the-callback',
      verifier: SECRET,
    });
    expect(net.callsTo('POST', 'v1/auth/providers/apple/link/finish')).toHaveLength(1);
    expect(router.state.location.hash).toBe('');
    expect(sessionStorage.getItem('socialSignInBinding')).toBeNull();
    expect(within(screen.getByTestId('sign-in-method-apple')).getByText('Linked (ann@icloud.example)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlink Apple' })).toBeInTheDocument();
  });

  it('shows the new list even when the first request for the list answers after the link, with the list as it was', async () => {
    sessionStorage.setItem('socialSignInBinding', SECRET);
    let linked = false;
    let finished: () => void = () => undefined;
    const linkDone = new Promise<void>((resolve) => (finished = resolve));
    renderAt('/profile#link=one-time-code-from-the-callback&provider=apple', {
      // The first request for the list was read before the link and answers after it (a loaded machine).
      'GET v1/auth/providers': async () => {
        const before = !linked;
        if (before) await linkDone;
        return { body: before ? methods() : appleLinked };
      },
      'POST v1/auth/providers/apple/link/finish': () => {
        linked = true;
        setTimeout(finished, 0);
        return { body: appleLinked };
      },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Apple is now linked: you can sign in with it.');
    await waitFor(() =>
      expect(within(screen.getByTestId('sign-in-method-apple')).getByText('Linked (ann@icloud.example)')).toBeInTheDocument(),
    );
  });

  it("shows the server's refusal (the identity signs in to another account)", async () => {
    sessionStorage.setItem('socialSignInBinding', SECRET);
    renderAt('/profile#link=one-time-code-from-the-callback&provider=facebook', {
      'POST v1/auth/providers/facebook/link/finish': failure(
        409,
        'This Facebook account already signs in to another account here. Sign in with it there and unlink it first.',
        'IDENTITY_IN_USE',
      ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This Facebook account already signs in to another account here.');
  });

  it('sends nothing without the secret of this tab (a link opened in another tab), and says so', async () => {
    const { net } = renderAt('/profile#link=one-time-code-from-the-callback&provider=apple');
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_EXPIRED_TEXT);
    expect(net.callsTo('POST', 'v1/auth/providers/apple/link/finish')).toHaveLength(0);
  });

  it('says why the provider sent the shopper back, and takes the reason out of the address', async () => {
    const { router } = renderAt('/profile?link_error=cancelled');
    expect(await screen.findByRole('alert')).toHaveTextContent(SOCIAL_LINK_ERROR_MESSAGES.cancelled);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
