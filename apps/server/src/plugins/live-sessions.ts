// Which live sockets this instance holds for which session (issue 21, ADR 030), in every namespace, so
// that a session's end closes all of them at once. The end is remembered for a while: a handshake that
// looked its session up before the end was announced, and connects after, is closed as it connects
// (the explicit close cannot reach a socket that is not connected yet).

/** The session a live socket was opened with. */
export interface LiveSession {
  /** SHA-256 of the token, as the sessions table keeps it: the raw token is never held past the handshake. */
  tokenHash: string;
  userId: string;
  role: 'USER' | 'ADMIN';
  /** When (this instance's clock) the handshake began looking the session up. */
  lookedUpAt: number;
}

/** What ended: one session (sign-out), or every session a user had until now (password reset, an admin's revoke). */
export type SessionEnd = { tokenHash: string } | { userId: string };

/**
 * How long an end is remembered: longer than a handshake's session lookup takes (its query times out sooner by
 * default); a lookup slower still is caught by the periodic re-check.
 */
export const SESSION_END_REMEMBERED_MS = 60_000;

/** The part of a socket.io socket this needs; small so a test can hand in its own. */
export interface ClosableSocket {
  readonly connected: boolean;
  disconnect(close?: boolean): unknown;
}

export class LiveSessionRegistry {
  private readonly sessions = new Map<ClosableSocket, LiveSession>();
  private readonly bySession = new Map<string, Set<ClosableSocket>>();
  private readonly byUser = new Map<string, Set<ClosableSocket>>();
  private readonly endedSessions = new Map<string, number>();
  private readonly endedUsers = new Map<string, number>();
  private readonly closedByEnd = new WeakSet<ClosableSocket>();
  private readonly listeners = new Set<(end: SessionEnd) => void>();
  private lastForget = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Follows a socket that has just connected. False when its session ended after its lookup began: the
   * socket is closed at once (counted as closed by the end) and not followed.
   */
  add(socket: ClosableSocket, session: LiveSession): boolean {
    if (this.endedAfterLookup(session)) {
      this.close(socket);
      return false;
    }
    this.sessions.set(socket, session);
    addTo(this.bySession, session.tokenHash, socket);
    addTo(this.byUser, session.userId, socket);
    return true;
  }

  /** Stops following a socket (it disconnected). */
  remove(socket: ClosableSocket): void {
    const session = this.sessions.get(socket);
    if (!session) return;
    this.sessions.delete(socket);
    removeFrom(this.bySession, session.tokenHash, socket);
    removeFrom(this.byUser, session.userId, socket);
  }

  /** Whether the socket was closed because its session ended (not a reload, a lost network, a shutdown). */
  closedBySessionEnd(socket: ClosableSocket): boolean {
    return this.closedByEnd.has(socket);
  }

  /** The sessions this instance has live sockets for, by token hash (the periodic re-check asks about these). */
  tokenHashes(): string[] {
    return [...this.bySession.keys()];
  }

  /** Remembers the end, closes this instance's sockets of it in every namespace, then tells the listeners. */
  end(end: SessionEnd): void {
    const at = this.now();
    this.forgetOldEnds(at);
    const sockets = 'tokenHash' in end ? this.bySession.get(end.tokenHash) : this.byUser.get(end.userId);
    if ('tokenHash' in end) this.endedSessions.set(end.tokenHash, at);
    else this.endedUsers.set(end.userId, at);
    // A copy: each close removes its socket from the set (its disconnect handler).
    for (const socket of [...(sockets ?? [])]) this.close(socket);
    for (const listener of this.listeners) listener(end);
  }

  /** Called with every end this instance hears of (its own, another instance's, the re-check's). */
  onEnd(listener: (end: SessionEnd) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private endedAfterLookup(session: LiveSession): boolean {
    // A token once ended never lives again; a user's end covers the sessions that existed before it.
    if (this.endedSessions.has(session.tokenHash)) return true;
    const userEnd = this.endedUsers.get(session.userId);
    return userEnd !== undefined && userEnd >= session.lookedUpAt;
  }

  private close(socket: ClosableSocket): void {
    this.closedByEnd.add(socket);
    this.remove(socket);
    socket.disconnect(true);
  }

  private forgetOldEnds(now: number): void {
    // At most once a second: a re-check that finds many sessions ended calls end() for each.
    if (now - this.lastForget < 1000) return;
    this.lastForget = now;
    for (const ends of [this.endedSessions, this.endedUsers]) {
      for (const [key, at] of ends) if (now - at > SESSION_END_REMEMBERED_MS) ends.delete(key);
    }
  }
}

function addTo(index: Map<string, Set<ClosableSocket>>, key: string, socket: ClosableSocket): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(socket);
}

function removeFrom(index: Map<string, Set<ClosableSocket>>, key: string, socket: ClosableSocket): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(socket);
  if (set.size === 0) index.delete(key);
}
