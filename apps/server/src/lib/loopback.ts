// Where card data may travel (ADR 010): over https, or over plain http to this machine only (a test
// server). A host counts as this machine by its literal address or the name 'localhost'; any other name
// is judged by DNS, which we do not trust for this.
import net from 'node:net';

/** A URL's hostname ('localhost', '127.0.0.1', '[::1]') names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  if (net.isIPv4(host)) return host.startsWith('127.');
  return host === '::1';
}

/** https anywhere, or http to this machine. */
export const isSecureOrLoopback = (url: URL): boolean =>
  url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
