// A loopback port nothing listens on right now, for a server a test must name before it starts (a webhook
// URL, a store's PUBLIC_URL). Another listener may still take it first: whoever binds it says so (EADDRINUSE).
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
