import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, disconnectLive, onLive, setIoFactory, type LiveOptions, type LiveSocket } from './socket.ts';

// The connection rules with a fake factory that records what the app asks of socket.io-client. The
// transports, path and handshake are tested against a real server in socket.transport.test.ts.
class FakeSocket implements LiveSocket {
  handlers = new Map<string, Set<(...args: never[]) => void>>();
  disconnected = false;
  constructor(readonly options: LiveOptions) {}
  on(event: string, listener: (...args: never[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: (...args: never[]) => void) {
    this.handlers.get(event)?.delete(listener);
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  serverSends(event: string, payload: unknown) {
    for (const handler of this.handlers.get(event) ?? []) (handler as (p: unknown) => void)(payload);
  }
}

let created: FakeSocket[];

beforeEach(() => {
  created = [];
  setIoFactory((options) => {
    const socket = new FakeSocket(options);
    created.push(socket);
    return socket;
  });
});

afterEach(() => disconnectLive());

describe('live connection rules (SPEC §4)', () => {
  it('does not connect without a token or for another role', () => {
    expect(connectLive({ _id: 'u1', role: 'USER', token: '' })).toBeNull();
    expect(connectLive({ _id: 'u1', role: 'USER', token: null })).toBeNull();
    expect(connectLive({ _id: 'a1', role: 'ADMIN', token: 'tok_admin' })).toBeNull();
    expect(created).toHaveLength(0);
  });

  it('closes an earlier connection before opening the next', () => {
    connectLive({ _id: 'u1', role: 'USER', token: 'tok_1' });
    connectLive({ _id: 'u2', role: 'USER', token: 'tok_2' });
    expect(created).toHaveLength(2);
    expect(created[0].disconnected).toBe(true);
    expect(created[1].disconnected).toBe(false);
  });

  it('closes the earlier connection even when the new identity may not connect', () => {
    connectLive({ _id: 'u1', role: 'USER', token: 'tok_1' });
    connectLive({ _id: 'a1', role: 'ADMIN', token: 'tok_admin' });
    expect(created).toHaveLength(1);
    expect(created[0].disconnected).toBe(true);
  });

  it('delivers events to listeners registered before or after connecting, until unsubscribed', () => {
    const early = vi.fn();
    const stopEarly = onLive('walletUpdated', early);
    connectLive({ _id: 'u1', role: 'USER', token: 'tok_1' });
    const late = vi.fn();
    onLive('walletUpdated', late);

    const coins = { purchasedWallet: 10, winWallet: 0, stackingWallet: 0 };
    created[0].serverSends('walletUpdated', { coins });
    expect(early).toHaveBeenCalledWith({ coins });
    expect(late).toHaveBeenCalledWith({ coins });

    stopEarly();
    created[0].serverSends('walletUpdated', { coins });
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(2);
  });

  it('registers nothing for connect, disconnect or connect_error', () => {
    connectLive({ _id: 'u1', role: 'USER', token: 'tok_1' });
    expect([...created[0].handlers.keys()].filter((e) => ['connect', 'disconnect', 'connect_error'].includes(e))).toEqual([]);
  });

  it('disconnectLive closes the open connection', () => {
    connectLive({ _id: 'u1', role: 'USER', token: 'tok_1' });
    disconnectLive();
    expect(created[0].disconnected).toBe(true);
  });
});
