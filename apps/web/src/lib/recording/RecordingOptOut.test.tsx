import { RECORDING_OPT_OUT_KEY, type RecordingConfig } from '@store/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, type Reply } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { RecordingOptOut } from './RecordingOptOut.tsx';

const config = (optedOut: boolean | null): Reply => ({
  body: { success: true, data: { samplePercent: 10, retentionDays: 30, optedOut } satisfies RecordingConfig },
});

afterEach(() => localStorage.clear());

describe('the recording opt-out switch', () => {
  it('waits for the config before it can be changed, so a signed-in choice always reaches the server', async () => {
    let answer!: (reply: Reply) => void;
    const api = mockApi({
      'GET v1/recordings/config': () => new Promise<Reply>((resolve) => (answer = resolve)),
      'PUT v1/recordings/opt-out': (call) => ({ body: { success: true, data: call.body } }),
    });
    const { user } = renderPage(<RecordingOptOut />);
    const box = screen.getByRole('checkbox', { name: 'Do not record my sessions on this store' });
    await waitFor(() => expect(api.keys()).toContain('GET v1/recordings/config'));
    expect(box).toBeDisabled();

    answer(config(false));
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    expect(box).toBeChecked();
    await waitFor(() => expect(api.find('PUT v1/recordings/opt-out')?.body).toEqual({ optedOut: true }));
    expect(localStorage.getItem(RECORDING_OPT_OUT_KEY)).toBe('1');
  });

  it("keeps a guest's choice on this browser only", async () => {
    const api = mockApi({ 'GET v1/recordings/config': config(null) });
    const { user } = renderPage(<RecordingOptOut />);
    const box = screen.getByRole('checkbox', { name: 'Do not record my sessions on this store' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    expect(localStorage.getItem(RECORDING_OPT_OUT_KEY)).toBe('1');
    expect(api.callsTo('PUT', 'v1/recordings/opt-out')).toHaveLength(0);
  });

  it("shows a signed-in shopper's choice from another device as checked", async () => {
    mockApi({ 'GET v1/recordings/config': config(true) });
    renderPage(<RecordingOptOut />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Do not record my sessions on this store' })).toBeChecked());
  });
});
