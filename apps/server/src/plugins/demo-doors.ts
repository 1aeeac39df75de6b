// The demo conveniences (test-login, the local mailbox) hand out sessions and read other people's mail.
// They exist only in demo mode, and even then answer only a browser on the machine the store runs on,
// unless DEMO_REMOTE_ACCESS opens them on purpose.
import net from 'node:net';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

export const DEMO_LOCAL_ONLY_MESSAGE =
  'Demo tools answer only on the machine the store runs on (DEMO_REMOTE_ACCESS=true opens them to other machines).';

/** Headers a proxy adds when it relays someone else's request. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function isLoopbackAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(plain)) return plain.startsWith('127.');
  return plain === '::1';
}

/** The Host header's name without its port: "localhost", "127.0.0.1", "[::1]". */
function hostName(host: string | undefined): string {
  if (!host) return '';
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0]!.toLowerCase();
}

function isLoopbackHost(host: string | undefined): boolean {
  const name = hostName(host);
  return name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || (net.isIPv4(name) && name.startsWith('127.'));
}

/**
 * A browser on this machine: the visitor's address (the socket peer, or what a trusted proxy says) is a
 * loopback one, no untrusted proxy relayed the request (a proxy on this machine would make every visitor
 * look local), and the page was asked for by a loopback name (a foreign site rebinding its own name to
 * 127.0.0.1 cannot read the mailbox through the visitor's browser).
 */
export function isSameMachine(request: FastifyRequest, trustsProxy: boolean): boolean {
  if (!isLoopbackAddress(request.ip)) return false;
  if (!trustsProxy && FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackHost(request.headers.host);
}

/** onRequest hook of every demo door: 403 to other machines unless DEMO_REMOTE_ACCESS opened them. */
export function sameMachineOnly(config: Pick<Config, 'DEMO_REMOTE_ACCESS' | 'TRUST_PROXY'>): onRequestAsyncHookHandler {
  const trustsProxy = config.TRUST_PROXY !== false;
  return async function demoDoor(request: FastifyRequest, _reply: FastifyReply) {
    if (config.DEMO_REMOTE_ACCESS || isSameMachine(request, trustsProxy)) return;
    throw new AppError(403, 'DEMO_LOCAL_ONLY', DEMO_LOCAL_ONLY_MESSAGE);
  };
}
