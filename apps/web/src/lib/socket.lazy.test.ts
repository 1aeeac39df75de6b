import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveOptions, LiveSocket } from './live-socket.ts';

// The app's default factory loads socket.io-client only when a shopper connects (issue 8: guests never
// download it). Here the library's module is replaced by one that records what it is asked.
const made: { options: LiveOptions; on: ReturnType<typeof vi.fn>; off: ReturnType<typeof vi.fn>; disconnect: ReturnType<typeof vi.fn> }[] =
  [];
vi.mock('./socket-io.ts', () => ({
  socketIoFactory: () => (options: LiveOptions) => {
    const socket = { options, on: vi.fn(), off: vi.fn(), disconnect: vi.fn() };
    made.push(socket);
    return socket as unknown as LiveSocket;
  },
}));

const { createLiveConnection } = await import('./socket.ts');
// The default factory: no ioFactory given.
const live = createLiveConnection();

afterEach(() => {
  live.disconnect();
  made.splice(0);
});

describe('the default live connection factory', () => {
  it('answers at once and hands listeners to the real socket once the library has loaded', async () => {
    const listener = vi.fn();
    const stop = live.on('walletUpdated', listener);
    const socket = live.connect({ _id: 'u1', role: 'USER', token: 'tok_1' });
    expect(socket).not.toBeNull();
    await vi.waitFor(() => expect(made).toHaveLength(1), { timeout: 15_000 });
    expect(made[0]!.options).toMatchObject({ query: { _id: 'u1', role: 'USER' } });
    // auth is asked for on every (re)connect, so it can name the last event id seen by then.
    const auth = vi.fn();
    (made[0]!.options.auth as (send: (data: object) => void) => void)(auth);
    expect(auth).toHaveBeenCalledWith({ token: 'tok_1' });
    // The real socket got the event's dispatcher, which hands the event to the listener until it stops.
    const call = made[0]!.on.mock.calls.find(([event]) => event === 'walletUpdated');
    expect(call).toBeDefined();
    const coins = { purchasedWallet: 1, winWallet: 0, stackingWallet: 0 };
    (call![1] as (payload: unknown, id: number) => void)({ coins }, 1);
    expect(listener).toHaveBeenCalledWith({ coins }, 1);
    stop();
    (call![1] as (payload: unknown, id: number) => void)({ coins }, 2);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('closes the real socket when the connection was closed before the library arrived', async () => {
    live.connect({ _id: 'u1', role: 'USER', token: 'tok_1' });
    live.disconnect();
    await vi.waitFor(() => expect(made).toHaveLength(1), { timeout: 15_000 });
    expect(made[0]!.disconnect).toHaveBeenCalled();
  });
});
