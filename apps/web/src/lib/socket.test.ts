import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveConnection, liveConnectionOf } from './socket.ts';
import { emptyLiveSlot, type IoFactory, type LiveConnection, type LiveOptions, type LiveSocket } from './live-socket.ts';

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
let live: LiveConnection;

const fakeFactory: IoFactory = (options) => {
  const socket = new FakeSocket(options);
  created.push(socket);
  return socket;
};

beforeEach(() => {
  created = [];
  live = createLiveConnection({ ioFactory: fakeFactory });
});

afterEach(() => live.disconnect());

describe('live connection rules (SPEC §4)', () => {
  it('does not connect without a token or for another role', () => {
    expect(live.connect({ _id: 'u1', role: 'USER', token: '' })).toBeNull();
    expect(live.connect({ _id: 'u1', role: 'USER', token: null })).toBeNull();
    expect(live.connect({ _id: 'a1', role: 'ADMIN', token: 'tok_admin' })).toBeNull();
    expect(created).toHaveLength(0);
  });

  it('closes an earlier connection before opening the next', () => {
    live.connect({ _id: 'u1', role: 'USER', token: 'tok_1' });
    live.connect({ _id: 'u2', role: 'USER', token: 'tok_2' });
    expect(created).toHaveLength(2);
    expect(created[0].disconnected).toBe(true);
    expect(created[1].disconnected).toBe(false);
  });

  it('closes the earlier connection even when the new identity may not connect', () => {
    live.connect({ _id: 'u1', role: 'USER', token: 'tok_1' });
    live.connect({ _id: 'a1', role: 'ADMIN', token: 'tok_admin' });
    expect(created).toHaveLength(1);
    expect(created[0].disconnected).toBe(true);
  });

  it('delivers events to listeners registered before or after connecting, until unsubscribed', () => {
    const early = vi.fn();
    const stopEarly = live.on('walletUpdated', early);
    live.connect({ _id: 'u1', role: 'USER', token: 'tok_1' });
    const late = vi.fn();
    live.on('walletUpdated', late);

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
    live.connect({ _id: 'u1', role: 'USER', token: 'tok_1' });
    expect([...created[0].handlers.keys()].filter((e) => ['connect', 'disconnect', 'connect_error'].includes(e))).toEqual([]);
  });

  it('names the last event id seen on every (re)connect and hands an event heard twice to listeners once', () => {
    const raw = new Map<string, string>();
    live = createLiveConnection({
      ioFactory: fakeFactory,
      cursorStore: {
        getItem: (k) => raw.get(k) ?? null,
        setItem: (k, v) => void raw.set(k, v),
        removeItem: (k) => void raw.delete(k),
      },
    });
    const listener = vi.fn();
    live.on('notification', listener);
    live.connect({ _id: 'u9', role: 'USER', token: 'tok_9' });
    const auth = () => {
      let sent: unknown;
      (created.at(-1)!.options.auth as (send: (data: unknown) => void) => void)((data) => (sent = data));
      return sent;
    };
    expect(auth()).toEqual({ token: 'tok_9' });

    created[0].serverSends('liveSynced', { lastEventId: 4 });
    expect(auth()).toEqual({ token: 'tok_9', lastEventId: 4 });
    const send = (content: string, id: number) => {
      for (const handler of created.at(-1)!.handlers.get('notification') ?? [])
        (handler as (p: unknown, id: number) => void)({ type: 'info', content }, id);
    };
    send('five', 5);
    send('five', 5);
    send('six', 6);
    expect(listener.mock.calls.map(([p]) => (p as { content: string }).content)).toEqual(['five', 'six']);
    expect(auth()).toEqual({ token: 'tok_9', lastEventId: 6 });

    // Connecting the same shopper again (a new socket) starts from 6; a replay that overlaps is dropped.
    live.connect({ _id: 'u9', role: 'USER', token: 'tok_9' });
    expect(auth()).toEqual({ token: 'tok_9', lastEventId: 6 });
    send('six', 6);
    send('seven', 7);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(raw.get('liveLastEventId:u9')).toBe('7');
  });

  it('disconnect closes the open connection', () => {
    live.connect({ _id: 'u1', role: 'USER', token: 'tok_1' });
    live.disconnect();
    expect(created[0].disconnected).toBe(true);
  });

  it("is one store's: another store's connection, listeners and closing are its own", () => {
    const first = emptyLiveSlot({ ioFactory: fakeFactory });
    const second = emptyLiveSlot({ ioFactory: fakeFactory });
    expect(liveConnectionOf(first)).toBe(liveConnectionOf(first));
    const heardByFirst = vi.fn();
    liveConnectionOf(first).on('walletUpdated', heardByFirst);
    liveConnectionOf(first).connect({ _id: 'u1', role: 'USER', token: 'tok_1' });
    liveConnectionOf(second).connect({ _id: 'u2', role: 'USER', token: 'tok_2' });
    expect(created).toHaveLength(2);
    // The second store's connection neither closed the first nor hears for its listeners.
    expect(created[0].disconnected).toBe(false);
    created[1].serverSends('walletUpdated', { coins: { purchasedWallet: 1, winWallet: 0, stackingWallet: 0 } });
    expect(heardByFirst).not.toHaveBeenCalled();
    liveConnectionOf(second).disconnect();
    expect([created[0].disconnected, created[1].disconnected]).toEqual([false, true]);
    liveConnectionOf(first).disconnect();
  });
});
