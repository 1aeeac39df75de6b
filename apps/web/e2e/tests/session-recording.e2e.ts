// Session recording and replay (issue 12, ADR 028): with every session sampled, a shopper types on the
// profile page; the session reaches the server (in the recording the server issued the browser, ADR 033)
// with the typing masked, and an admin replays it in the console, where the typed text shows only as
// asterisks.
import { randomBytes } from 'node:crypto';
import {
  RECORDING_OPT_OUT_KEY,
  RECORDING_RETENTION_DAYS,
  RECORDING_SAMPLE_PERCENT,
  RECORDING_SESSION_KEY,
  type AdminRecordingEvents,
  type AdminRecordingsPage,
} from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type AdminSession } from '../support/admin.ts';
import { useBrowser } from '../support/browser.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const WAIT = { timeout: 30_000 };
/** rrweb's incremental snapshot (EventType 3) of an input (IncrementalSource 5). */
const isInputEvent = (event: { type: number; data?: unknown }) => event.type === 3 && (event.data as { source?: number })?.source === 5;

let admin: AdminSession;
beforeAll(async () => {
  admin = await signInAsAdmin(baseURL);
  const res = await admin.call('PUT', 'v1/admin/recordings/settings', { samplePercent: 100, retentionDays: RECORDING_RETENTION_DAYS });
  expect(res.status).toBe(200);
});
// The other browser tests share this store: they run with the spec's sampling again.
afterAll(async () => {
  await admin.call('PUT', 'v1/admin/recordings/settings', {
    samplePercent: RECORDING_SAMPLE_PERCENT,
    retentionDays: RECORDING_RETENTION_DAYS,
  });
});

async function recordingsOf(userId: string) {
  const res = await admin.call<AdminRecordingsPage>('GET', `v1/admin/recordings?userId=${userId}`);
  return res.body.data.recordings;
}

async function eventsOf(sessionId: string) {
  const res = await admin.call<AdminRecordingEvents>('GET', `v1/admin/recordings/${sessionId}/events`);
  return res.body.data.events;
}

describe('session recording', () => {
  it('records a shopper with the typing masked, and an admin replays it: asterisks, never the text', async () => {
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
    const shopper = await newPage({ token: session.token, user: session.user });
    await shopper.goto('/profile');
    const street = shopper.getByLabel('Street address');
    await street.waitFor(WAIT);
    // The session is sampled once the page is idle; the recorder then loads at the shopper's next action,
    // and its first batch names the session.
    await shopper.waitForFunction((key) => sessionStorage.getItem(key) !== null, RECORDING_SESSION_KEY, WAIT);
    await street.click();
    await expect.poll(async () => (await recordingsOf(session.user._id)).length, WAIT).toBeGreaterThan(0);
    const [recording] = await recordingsOf(session.user._id);
    // The recording is the one the server issued this browser (ADR 033), kept with its secret for the session.
    const kept = await shopper.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), RECORDING_SESSION_KEY);
    expect(kept).toMatchObject({ sampled: true, recording: { recordingId: recording!.id, recordingSecret: expect.any(String) } });

    const secret = `Secret Lane ${randomBytes(4).toString('hex')}`;
    await street.pressSequentially(secret);
    // The last input event holds the field's whole value, masked: one asterisk a character.
    await expect
      .poll(async () => {
        const inputs = (await eventsOf(recording!.id)).filter(isInputEvent);
        return (inputs.at(-1)?.data as { text?: string } | undefined)?.text;
      }, WAIT)
      .toBe('*'.repeat(secret.length));
    expect(JSON.stringify(await eventsOf(recording!.id))).not.toContain(secret);
    expect(recording).toMatchObject({ userId: session.user._id, paths: ['/profile'] });

    // The admin finds the shopper's session in the console and replays it.
    const me = await admin.call<{ _id: string }>('GET', 'v1/getuser');
    const consolePage = await newPage({ token: admin.token, user: { _id: me.body.data._id, role: 'ADMIN' } });
    await consolePage.goto(`/admin/recordings?userId=${session.user._id}`);
    await consolePage.getByTestId('admin-recording-row').first().getByRole('link', { name: 'Replay' }).click();
    await consolePage.getByTestId('admin-recording-replay').waitFor(WAIT);
    const replay = consolePage.frameLocator('[data-testid="admin-replay-frame"] iframe');
    // The replayed page is the profile page, its street field showing the masked typing.
    await replay.locator('form[aria-label="Profile details"]').waitFor(WAIT);
    const values = () => replay.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await expect.poll(values, WAIT).toContain('*'.repeat(secret.length));
    expect((await values()).join('\n')).not.toContain(secret);
    expect(await consolePage.content()).not.toContain(secret);
  });

  it('the privacy policy says what is recorded and for how long; a signed-in shopper opts out there, on every device', async () => {
    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
    const page = await newPage({ token: session.token, user: session.user });
    await page.goto('/privacy-policy');
    const section = page.locator('#session-recording');
    await expect.poll(() => section.textContent(), WAIT).toContain(`kept for ${RECORDING_RETENTION_DAYS} days`);
    expect(await section.textContent()).toMatch(/masked/);
    const optOut = page.getByTestId('recording-opt-out');
    await expect.poll(() => optOut.isEnabled(), WAIT).toBe(true);
    await optOut.check();
    const serverSays = async () => {
      const res = await fetch(`${baseURL}/api/v1/recordings/config`, { headers: { 'x-auth-token': session.token } });
      return ((await res.json()) as { data: { optedOut: boolean | null } }).data.optedOut;
    };
    await expect.poll(serverSays, WAIT).toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), RECORDING_OPT_OUT_KEY)).toBe('1');
  });
});
