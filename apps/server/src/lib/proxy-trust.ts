import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';

/** Whether an address (the direct peer at hop 0, then each X-Forwarded-For entry) is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

const compiled = new WeakMap<Config, ProxyTrust | false>();

/**
 * The trust function for TRUST_PROXY, built the way Fastify builds it (@fastify/proxy-addr's compile; true
 * trusts every peer) and handed to Fastify itself (app.ts), so the address Fastify reports as request.ip and
 * the "does this peer's country header count" decision of the country check (plugins/country.ts) can never
 * disagree. One function per configuration. false: no peer is trusted.
 */
export function proxyTrustFor(config: Config): ProxyTrust | false {
  let trust = compiled.get(config);
  if (trust === undefined) {
    const setting = config.TRUST_PROXY;
    trust = setting === true ? () => true : setting === false ? false : proxyAddr.compile(setting);
    compiled.set(config, trust);
  }
  return trust;
}

/** The visitor's address as Fastify's request.ip gives it: the peer, or what trusted proxies forwarded. */
export function visitorAddress(raw: IncomingMessage, trust: ProxyTrust | false): string | undefined {
  if (!trust) return raw.socket.remoteAddress;
  return proxyAddr(raw, trust);
}

/** Whether the direct peer of a connection is a trusted proxy (so headers it sets may be believed). */
export function peerIsTrustedProxy(raw: IncomingMessage, trust: ProxyTrust | false): boolean {
  const peer = raw.socket.remoteAddress;
  return Boolean(trust && peer && trust(peer, 0));
}
