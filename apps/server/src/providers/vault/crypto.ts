// AES-256-GCM for card data at rest. The key comes from VAULT_KEY, else a key generated once into
// DATA_DIR/vault.key (so cards stay readable across restarts), and in tests a fresh random key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function parseKey(raw: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('VAULT_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

export function loadVaultKey(opts: { vaultKey?: string; dataDir: string; nodeEnv: string }): Buffer {
  if (opts.vaultKey) return parseKey(opts.vaultKey);
  if (opts.nodeEnv === 'test') return randomBytes(32);
  const file = path.join(opts.dataDir, 'vault.key');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two instances starting together keep the first key.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseKey(fs.readFileSync(file, 'utf8').trim());
}

export interface Sealed {
  ciphertext: string;
  iv: string;
  authTag: string;
}

export function seal(key: Buffer, plaintext: string, aad: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { ciphertext: ciphertext.toString('base64'), iv: iv.toString('base64'), authTag: cipher.getAuthTag().toString('base64') };
}

/** Throws when the data or its token (the AAD) was tampered with, or the key is another one. */
export function open(key: Buffer, sealed: Sealed, aad: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(sealed.authTag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
}
