// The registry of live sockets by session (ADR 030). The race only it can close: a handshake looked its
// session up just before the session ended, and connects just after the end closed the session's sockets.
import { describe, expect, it } from 'vitest';
import { LiveSessionRegistry, SESSION_END_REMEMBERED_MS, type LiveSession } from './live-sessions.ts';

class FakeSocket {
  connected = true;
  closedWith: boolean | undefined;
  disconnect(close?: boolean) {
    this.connected = false;
    this.closedWith = close;
  }
}

function setup() {
  let clock = 1_000_000;
  const registry = new LiveSessionRegistry(() => clock);
  const session = (tokenHash: string, userId: string, lookedUpAt = clock): LiveSession => ({ tokenHash, userId, role: 'USER', lookedUpAt });
  return { registry, session, tick: (ms: number) => (clock += ms), now: () => clock };
}

describe('LiveSessionRegistry', () => {
  it("closes every socket of an ended session, whatever its namespace, and leaves the user's other sessions open", () => {
    const { registry, session } = setup();
    const [live, chat, otherDevice] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    registry.add(live, session('laptop', 'u1'));
    registry.add(chat, session('laptop', 'u1'));
    registry.add(otherDevice, session('phone', 'u1'));

    registry.end({ tokenHash: 'laptop' });
    expect([live.connected, chat.connected, otherDevice.connected]).toEqual([false, false, true]);
    expect(live.closedWith).toBe(true);
    expect(registry.closedBySessionEnd(live)).toBe(true);
    expect(registry.closedBySessionEnd(otherDevice)).toBe(false);
    expect(registry.tokenHashes()).toEqual(['phone']);
  });

  it("closes every session's sockets of a user, and tells the listeners", () => {
    const { registry, session } = setup();
    const sockets = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    registry.add(sockets[0]!, session('laptop', 'u1'));
    registry.add(sockets[1]!, session('phone', 'u1'));
    registry.add(sockets[2]!, session('theirs', 'u2'));
    const heard: unknown[] = [];
    registry.onEnd((end) => heard.push(end));

    registry.end({ userId: 'u1' });
    expect(sockets.map((s) => s.connected)).toEqual([false, false, true]);
    expect(heard).toEqual([{ userId: 'u1' }]);
  });

  it('closes a socket that connects after its session ended, though its lookup found the session live', () => {
    const { registry, session, tick } = setup();
    const lookedUp = session('laptop', 'u1');
    const lookedUpToo = session('phone', 'u1');
    tick(5);
    registry.end({ tokenHash: 'laptop' });
    registry.end({ userId: 'u1' });
    tick(5);

    const late = new FakeSocket();
    const lateToo = new FakeSocket();
    expect(registry.add(late, lookedUp)).toBe(false);
    expect(registry.add(lateToo, lookedUpToo)).toBe(false);
    expect([late.connected, lateToo.connected]).toEqual([false, false]);
    expect(registry.closedBySessionEnd(late)).toBe(true);
    expect(registry.tokenHashes()).toEqual([]);
  });

  it('keeps a session the user signed in with after every earlier one ended', () => {
    const { registry, session, tick } = setup();
    registry.end({ userId: 'u1' });
    tick(1);
    const fresh = new FakeSocket();
    expect(registry.add(fresh, session('after-reset', 'u1'))).toBe(true);
    expect(fresh.connected).toBe(true);
  });

  it('stops following a socket that disconnected', () => {
    const { registry, session } = setup();
    const socket = new FakeSocket();
    registry.add(socket, session('laptop', 'u1'));
    registry.remove(socket);
    registry.end({ tokenHash: 'laptop' });
    expect(socket.connected).toBe(true);
    expect(registry.tokenHashes()).toEqual([]);
  });

  it('forgets an end once no handshake lookup can have started before it', () => {
    const { registry, session, tick } = setup();
    const lookedUp = session('laptop', 'u1');
    registry.end({ tokenHash: 'laptop' });
    tick(SESSION_END_REMEMBERED_MS + 2000);
    // Another end makes the registry forget the old ones.
    registry.end({ tokenHash: 'unrelated' });
    // A lookup that old has long timed out; a fresh handshake with the ended token is refused by its lookup.
    expect(registry.add(new FakeSocket(), lookedUp)).toBe(true);
  });
});
