import { createHash } from 'node:crypto';
import { compress, type Encoding } from './encoding.ts';

/**
 * One HTML page as the server sends it: its bytes, an ETag, and each compressed form made once when a
 * client first asks for it (a cached page is sent many times, compressed once).
 */
export class PageBody {
  readonly etag: string;
  private readonly plain: Buffer;
  private readonly encoded = new Map<Exclude<Encoding, 'identity'>, Promise<Buffer>>();

  constructor(html: string | Buffer, precompressed: Partial<Record<'br' | 'gzip', Buffer>> = {}) {
    this.plain = Buffer.isBuffer(html) ? html : Buffer.from(html);
    this.etag = `"${createHash('sha1').update(this.plain).digest('base64url')}"`;
    for (const [encoding, bytes] of Object.entries(precompressed)) this.encoded.set(encoding as 'br' | 'gzip', Promise.resolve(bytes));
  }

  bytes(encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.plain);
    let bytes = this.encoded.get(encoding);
    if (!bytes) this.encoded.set(encoding, (bytes = compress(this.plain, encoding)));
    return bytes;
  }
}
