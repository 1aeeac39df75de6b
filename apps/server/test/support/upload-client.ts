// An HTTP/1.1 upload as a browser makes it: the whole body is written before the answer is read. A
// server that answers early and closes the connection while the body is still arriving resets it, and
// such a client then sees no answer at all, only the reset (what fetch in Chromium reports as
// ERR_CONNECTION_RESET). Node's own clients read an early answer, so they cannot show this.
import net from 'node:net';

export type UploadOutcome =
  { kind: 'answer'; status: number; headers: Record<string, string>; body: string } | { kind: 'reset'; error: string };

/**
 * POSTs `body` to `url` (http://host:port/path) over one socket; the answer is read once the body is
 * written. `declaredLength` claims another Content-Length (a client announcing more than it sends).
 */
export function uploadThenRead(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  { declaredLength = body.length, timeoutMs = 60_000 }: { declaredLength?: number; timeoutMs?: number } = {},
): Promise<UploadOutcome> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(target.port), target.hostname);
    // Not read until the body is out: what was answered meanwhile waits in the kernel, as in a browser.
    socket.pause();
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (outcome: UploadOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ kind: 'reset', error: 'no answer in time' }), timeoutMs);
    socket.on('error', (err) => finish({ kind: 'reset', error: (err as NodeJS.ErrnoException).code ?? err.message }));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (split < 0 || !status) return finish({ kind: 'reset', error: `no answer (${text.length} bytes read)` });
      const head: Record<string, string> = {};
      for (const line of text.slice(0, split).split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        head[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      finish({
        kind: 'answer',
        status: Number(status[1]),
        headers: head,
        body: Buffer.from(text.slice(split + 4), 'latin1').toString('utf8'),
      });
    });
    socket.on('connect', () => {
      const head = Object.entries({ ...headers, host: target.host, 'content-length': String(declaredLength), connection: 'close' })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`POST ${target.pathname}${target.search} HTTP/1.1\r\n${head}\r\n`);
      // The last write's callback runs once everything before it is handed to the kernel.
      socket.write(body, (err) => {
        if (!err) socket.resume();
      });
    });
  });
}
