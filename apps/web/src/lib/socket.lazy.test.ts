import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveOptions, LiveSocket } from './socket.ts';

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

const { connectLive, disconnectLive, onLive } = await import('./socket.ts');

afterEach(() => {
  disconnectLive();
  made.splice(0);
});

describe('the default live connection factory', () => {
  it('answers at once and hands listeners to the real socket once the library has loaded', async () => {
    const listener = vi.fn();
    const stop = onLive('walletUpdated', listener);
    const socket = connectLive({ _id: 'u1', role: 'USER', token: 'tok_1' });
    expect(socket).not.toBeNull();
    await vi.waitFor(() => expect(made).toHaveLength(1), { timeout: 15_000 });
    expect(made[0]!.options).toMatchObject({ auth: { token: 'tok_1' }, query: { _id: 'u1', role: 'USER' } });
    expect(made[0]!.on).toHaveBeenCalledWith('walletUpdated', listener);
    stop();
    expect(made[0]!.off).toHaveBeenCalledWith('walletUpdated', listener);
  });

  it('closes the real socket when the connection was closed before the library arrived', async () => {
    connectLive({ _id: 'u1', role: 'USER', token: 'tok_1' });
    disconnectLive();
    await vi.waitFor(() => expect(made).toHaveLength(1), { timeout: 15_000 });
    expect(made[0]!.disconnect).toHaveBeenCalled();
  });
});
