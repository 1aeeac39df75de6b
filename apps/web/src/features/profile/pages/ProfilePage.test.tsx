import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { AVATAR_MAX_BYTES, RECORDING_OPT_OUT_KEY, type GetUserResponse } from '@store/shared';
import ProfilePage from './ProfilePage.tsx';
import { PROFILE_SAVED_TEXT } from '../components/ProfileForm.tsx';
import { PICTURE_SAVED_TEXT } from '../components/AvatarEditor.tsx';
import { PICTURE_SIZE_TEXT, PICTURE_TYPE_TEXT } from '../picture-check.ts';
import { failure, mockApi, type Handler } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
});

const STATES: GetUserResponse['states'] = [
  { code: 'TX', name: 'Texas', region: 'South' },
  { code: 'WA', name: 'Washington', region: 'West' },
  { code: 'NY', name: 'New York', region: 'Northeast' },
];

function answer(overrides: Partial<GetUserResponse['data']> = {}): GetUserResponse {
  return {
    success: true,
    data: {
      _id: 'u_dana',
      role: 'USER',
      email: 'dana@example.com',
      firstname: 'Dana',
      lastname: 'Demo',
      image: null,
      coins: { purchasedWallet: 0, winWallet: 0, stackingWallet: 0 },
      address: { street: '12 Elm Road', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' },
      userip: null,
      adultConfirmed: true,
      ...overrides,
    },
    jumio: null,
    states: STATES,
  };
}

/** The page as app/ hands it getuser's answer, and a user that may pick any file (not only accepted ones). */
function renderProfile(routes: Record<string, Handler> = {}, profile = answer().data) {
  const net = mockApi(routes);
  const view = renderPage(<ProfilePage profile={profile} states={STATES} loadFailed={false} onRetry={() => {}} />, { path: '/profile' });
  return { ...view, net, user: userEvent.setup({ applyAccept: false }) };
}

const field = (name: string) => screen.getByLabelText(name);

describe('ProfilePage form', () => {
  it('is prefilled from getuser, the state chosen among the US states', () => {
    renderProfile();
    expect(field('First name')).toHaveValue('Dana');
    expect(field('Last name')).toHaveValue('Demo');
    expect(field('Street address')).toHaveValue('12 Elm Road');
    expect(field('City')).toHaveValue('Austin');
    expect(field('ZIP code')).toHaveValue('73301');
    expect(field('Country')).toHaveValue('US');
    const state = field('State');
    expect(state).toHaveValue('TX');
    expect(
      within(state)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a state', 'Texas', 'Washington', 'New York']);
  });

  it('saves names and state, tells the shopper, and sends exactly the form', async () => {
    const saved = answer({ firstname: 'Ada', lastname: 'Lovelace' });
    saved.data.address = { street: '12 Elm Road', city: 'Austin', state: 'WA', zipCode: '73301', country: 'US' };
    const { net, user } = renderProfile({ 'PUT v1/user/profile': { body: saved } });
    await user.clear(field('First name'));
    await user.type(field('First name'), '  Ada ');
    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'Lovelace');
    await user.selectOptions(field('State'), 'Washington');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(PROFILE_SAVED_TEXT)).toBeInTheDocument();
    expect(net.find('PUT v1/user/profile')?.body).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      address: { street: '12 Elm Road', city: 'Austin', state: 'WA', zipCode: '73301', country: 'US' },
    });
    expect(field('First name')).toHaveValue('Ada');
  });

  it('refuses in the browser what the server would, naming each field, and sends nothing', async () => {
    const { net, user } = renderProfile();
    await user.clear(field('First name'));
    await user.clear(field('ZIP code'));
    await user.type(field('ZIP code'), '1234');
    await user.selectOptions(field('State'), 'Choose a state');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('ZIP code must be a US ZIP code (12345 or 12345-6789).')).toBeInTheDocument();
    expect(screen.getByText('State must be the two-letter code of a US state or DC.')).toBeInTheDocument();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('PUT', 'v1/user/profile')).toHaveLength(0);
  });

  it("shows the server's 400 at the field it names", async () => {
    const { user } = renderProfile({
      'PUT v1/user/profile': failure(
        400,
        "Invalid field 'address.city': must not contain control characters",
        'VALIDATION_FAILED',
        'address.city',
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('City must not contain control characters.')).toBeInTheDocument();
    expect(field('City')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(PROFILE_SAVED_TEXT)).not.toBeInTheDocument();
  });

  it('outside the US asks for a region and a postal code in free text', async () => {
    const saved = answer();
    saved.data.address = { street: '290 Bremner Blvd', city: 'Toronto', state: 'Ontario', zipCode: 'M5V 3L9', country: 'CA' };
    const { net, user } = renderProfile({ 'PUT v1/user/profile': { body: saved } });
    await user.selectOptions(field('Country'), 'Canada');
    expect(field('State / province')).toHaveValue('');
    await user.type(field('State / province'), 'Ontario');
    await user.clear(field('Postal code'));
    await user.type(field('Postal code'), 'M5V 3L9');
    await user.clear(field('City'));
    await user.type(field('City'), 'Toronto');
    await user.clear(field('Street address'));
    await user.type(field('Street address'), '290 Bremner Blvd');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(net.find('PUT v1/user/profile')?.body).toEqual({ firstname: 'Dana', lastname: 'Demo', address: saved.data.address }),
    );
  });
});

describe('ProfilePage picture', () => {
  const png = (bytes = 64) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

  /** mockApi reads bodies as JSON; the picture is bytes: this answers its upload and keeps what was sent. */
  function acceptUploads(reply: Handler) {
    const sent: Blob[] = [];
    const jsonApi = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (request.method !== 'POST' || !request.url.endsWith('/api/v1/user/avatar')) return jsonApi(input, init);
      sent.push(await request.blob());
      const { status = 200, body } = typeof reply === 'function' ? await reply({} as never) : reply;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    return sent;
  }

  it('previews the chosen PNG, uploads its bytes, and tells the shopper', async () => {
    const { user } = renderProfile();
    const sent = acceptUploads({ body: answer({ image: `/api/v1/user/avatar/${'a'.repeat(32)}.webp` }) });
    await user.upload(screen.getByLabelText('Choose a picture'), png(64));
    const preview = await screen.findByAltText('Preview of your new profile picture');
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await user.click(screen.getByRole('button', { name: 'Save picture' }));
    expect(await screen.findByText(PICTURE_SAVED_TEXT)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.size).toBe(64);
    expect(sent[0]!.type).toBe('image/png');
  });

  it('refuses another type or a file too big before sending anything', async () => {
    const { user } = renderProfile();
    const sent = acceptUploads({ body: answer() });
    await user.upload(screen.getByLabelText('Choose a picture'), new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PICTURE_TYPE_TEXT);
    await user.upload(screen.getByLabelText('Choose a picture'), new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PICTURE_TYPE_TEXT);
    await user.upload(screen.getByLabelText('Choose a picture'), png(AVATAR_MAX_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(PICTURE_SIZE_TEXT);
    expect(screen.queryByRole('button', { name: 'Save picture' })).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal of a picture (a file that only claims to be a PNG)", async () => {
    const { user } = renderProfile();
    acceptUploads(failure(415, 'Upload a PNG, JPEG or WebP picture.', 'UNSUPPORTED_IMAGE_TYPE', 'image'));
    await user.upload(screen.getByLabelText('Choose a picture'), png(10));
    await user.click(await screen.findByRole('button', { name: 'Save picture' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PICTURE_TYPE_TEXT);
    expect(screen.queryByText(PICTURE_SAVED_TEXT)).not.toBeInTheDocument();
  });

  it('removes the picture there is', async () => {
    const { net, user } = renderProfile(
      { 'DELETE v1/user/avatar': { body: answer() } },
      answer({ image: `/api/v1/user/avatar/${'b'.repeat(32)}.webp` }).data,
    );
    expect(screen.getByAltText('Your profile picture')).toHaveAttribute('src', `/api/v1/user/avatar/${'b'.repeat(32)}.webp`);
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    await waitFor(() => expect(net.callsTo('DELETE', 'v1/user/avatar')).toHaveLength(1));
  });
});

describe('ProfilePage while getuser has not answered', () => {
  it('says it is loading', () => {
    mockApi({});
    renderPage(<ProfilePage profile={null} states={[]} loadFailed={false} onRetry={() => {}} />, { path: '/profile' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');
  });

  it('offers to try again after a failure', async () => {
    mockApi({});
    const onRetry = vi.fn();
    const { user } = renderPage(<ProfilePage profile={null} states={[]} loadFailed onRetry={onRetry} />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('ProfilePage privacy', () => {
  it('lets a shopper stop session recording: kept on this browser and on the server', async () => {
    localStorage.removeItem(RECORDING_OPT_OUT_KEY);
    const { net, user } = renderProfile({
      'GET v1/recordings/config': { body: { success: true, data: { samplePercent: 25, retentionDays: 30, optedOut: false } } },
      'PUT v1/recordings/opt-out': ({ body }) => ({ body: { success: true, data: body } }),
    });
    const optOut = await screen.findByRole('checkbox', { name: 'Do not record my sessions on this store' });
    await waitFor(() => expect(optOut).toBeEnabled());
    expect(optOut).not.toBeChecked();
    await user.click(optOut);
    expect(optOut).toBeChecked();
    expect(localStorage.getItem(RECORDING_OPT_OUT_KEY)).toBe('1');
    await waitFor(() => expect(net.find('PUT v1/recordings/opt-out')?.body).toEqual({ optedOut: true }));
    localStorage.removeItem(RECORDING_OPT_OUT_KEY);
  });
});

describe('ProfilePage password (issue 24)', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string, again = next) => {
    await user.type(field('Current password'), current);
    await user.type(field('New password'), next);
    await user.type(field('Repeat the new password'), again);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('says what is wrong before sending anything', async () => {
    const { user, net } = renderProfile();
    await fill(user, 'old passphrase', 'short', 'shorter');
    expect(await screen.findByText('New password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Repeat the new password exactly.')).toBeInTheDocument();
    expect(net.callsTo('POST', 'v1/auth/change-password')).toHaveLength(0);
  });

  it("shows the server's refusal of the current password under that field", async () => {
    const { user } = renderProfile({
      'POST v1/auth/change-password': failure(400, 'Your current password is not right.', 'WRONG_CURRENT_PASSWORD', 'currentPassword'),
    });
    await fill(user, 'not it at all', 'a brand new passphrase');
    expect(await screen.findByText('Your current password is not right.')).toBeInTheDocument();
    expect(field('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes it, then signs the shopper out here and sends them to sign in', async () => {
    localStorage.setItem('xAuthToken', 'tok');
    const { user, net } = renderProfile({
      'POST v1/auth/change-password': { body: { success: true, message: 'Your password is changed. Please sign in with the new one.' } },
    });
    await fill(user, 'old passphrase', 'a brand new passphrase');
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    // The server ended this session too: it is gone from this browser.
    await waitFor(() => expect(localStorage.getItem('xAuthToken')).toBeNull());
    expect(net.find('POST v1/auth/change-password')!.body).toEqual({
      currentPassword: 'old passphrase',
      newPassword: 'a brand new passphrase',
    });
  });
});
