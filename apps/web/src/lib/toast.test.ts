import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'react-toastify';
import { notify } from './toast.ts';

afterEach(() => vi.restoreAllMocks());

// Each notification carries the spec's options itself, so a toast shown before (or without) the app's
// container still closes after 5000 ms and is dismissed by a drag of 80 %.
describe('notify (SPEC §4 Notifications, §9)', () => {
  it.each(['success', 'error', 'warning', 'info'] as const)('%s: top-right, dark, auto-close 5000 ms, drag 80 %%', async (kind) => {
    const shown = vi.spyOn(toast, kind);
    notify[kind]('Something happened');
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(shown.mock.calls[0][0]).toBe('Something happened');
    expect(shown.mock.calls[0][1]).toMatchObject({ position: 'top-right', theme: 'dark', autoClose: 5000, draggablePercent: 80 });
  });

  it('lets a caller override an option, keeping the others', async () => {
    const shown = vi.spyOn(toast, 'error');
    notify.error('Slow one', { autoClose: false });
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(shown.mock.calls[0][1]).toMatchObject({ autoClose: false, draggablePercent: 80, theme: 'dark' });
  });
});
