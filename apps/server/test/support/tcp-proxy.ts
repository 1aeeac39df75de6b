// A TCP proxy a test controls, to play a database server that stalls: connections stay open, nothing
// comes back. Stalled, the proxy stops reading from both sides of every connection (bytes wait in the
// kernel, as on a hung server or a black-holed network path) and connections it accepts meanwhile are not
// put through to the target at all; resumed, everything flows again in order.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream?: net.Socket;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const links = new Set<Link>();
  let stalled = false;

  const drop = (link: Link) => {
    links.delete(link);
    link.client.destroy();
    link.upstream?.destroy();
  };

  const connectUpstream = (link: Link) => {
    const upstream = net.connect(target.port, target.host);
    link.upstream = upstream;
    upstream.on('data', (chunk) => link.client.write(chunk));
    link.client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('error', () => drop(link));
    upstream.on('close', () => drop(link));
    link.client.resume();
  };

  const server = net.createServer((client) => {
    const link: Link = { client };
    links.add(link);
    client.on('error', () => drop(link));
    client.on('close', () => drop(link));
    // Not reading until there is somewhere to send the bytes.
    client.pause();
    if (!stalled) connectUpstream(link);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });

  return {
    port: (server.address() as net.AddressInfo).port,
    stall() {
      stalled = true;
      for (const link of links) {
        link.client.pause();
        link.upstream?.pause();
      }
    },
    resume() {
      stalled = false;
      for (const link of links) {
        if (!link.upstream) connectUpstream(link);
        link.client.resume();
        link.upstream?.resume();
      }
    },
    close: async () => {
      for (const link of links) drop(link);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The same PostgreSQL URL, pointing at the proxy instead; the user, password, database and query stay. */
export function urlThroughProxy(url: string, proxy: Pick<TcpProxy, 'port'>): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}

/** Host and port a PostgreSQL URL names (5432 when it names none). */
export function targetOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 5432) };
}
