// The profile picture (issue 10, ADR 019): uploaded as the request body, recognised by its bytes,
// re-encoded to a square WebP without metadata, stored in the database and served at a public URL that
// changes with the picture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES, AVATAR_SIZE, getUserResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createVerifiedUser, loginAs } from '../../../test/support/auth.ts';
import { AVATAR_UPLOADS_LIMITED_MESSAGE, AVATAR_UPLOADS_PER_MINUTE } from './avatar-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000 });
});
afterAll(() => t.close());

const AVATAR_URL = /^\/api\/v1\/user\/avatar\/[a-f0-9]{32}\.webp$/;

const upload = (token: string | null, payload: Buffer | string, contentType = 'image/png') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/avatar',
    payload,
    headers: { 'content-type': contentType, ...(token ? { 'x-auth-token': token } : {}) },
  });
const removeAvatar = (token: string | null) =>
  t.app.inject({ method: 'DELETE', url: '/api/v1/user/avatar', headers: token ? { 'x-auth-token': token } : {} });
const fetchImage = (url: string) => t.app.inject({ method: 'GET', url });
const imageOf = async (token: string): Promise<string | null> =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/getuser', headers: { 'x-auth-token': token } })).json().data.image;

async function newShopper() {
  const { email, password } = await createVerifiedUser(t.app);
  return (await loginAs(t.app, email, password)).token;
}

const picture = (width: number, height: number, background = { r: 200, g: 40, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background } });

/** The served picture: 200, a WebP of AVATAR_SIZE a side, with the headers an image of ours carries. */
async function expectServedAvatar(url: string) {
  const res = await fetchImage(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toContain('immutable');
  const metadata = await sharp(res.rawPayload).metadata();
  expect(metadata).toMatchObject({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
  return metadata;
}

describe('POST /api/v1/user/avatar', () => {
  it('takes a PNG, serves it resized to a square WebP, and getuser names its URL', async () => {
    const token = await newShopper();
    const res = await upload(token, await picture(600, 400).png().toBuffer());
    expect(res.statusCode, res.body).toBe(200);
    expect(getUserResponse.safeParse(res.json()).success).toBe(true);
    const url = res.json().data.image;
    expect(url).toMatch(AVATAR_URL);
    expect(await imageOf(token)).toBe(url);
    await expectServedAvatar(url);
  });

  it('takes a JPEG and drops its metadata (EXIF) in the served picture', async () => {
    const token = await newShopper();
    const jpeg = await picture(300, 500)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret owner', ImageDescription: 'taken at home' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(token, jpeg, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const served = await expectServedAvatar(res.json().data.image);
    expect(served.exif).toBeUndefined();
    expect(served.icc).toBeUndefined();
  });

  it('takes a WebP, and a PNG whatever Content-Type it is declared with', async () => {
    const token = await newShopper();
    const webp = await upload(token, await picture(64, 64).webp().toBuffer(), 'image/webp');
    expect(webp.statusCode, webp.body).toBe(200);
    await expectServedAvatar(webp.json().data.image);
    const mislabelled = await upload(token, await picture(32, 48).png().toBuffer(), 'application/octet-stream');
    expect(mislabelled.statusCode, mislabelled.body).toBe(200);
    await expectServedAvatar(mislabelled.json().data.image);
  });

  it('a new picture gets a new URL; the old one is gone', async () => {
    const token = await newShopper();
    const first = (await upload(token, await picture(100, 100).png().toBuffer())).json().data.image;
    const second = (await upload(token, await picture(120, 90, { r: 20, g: 90, b: 200 }).jpeg().toBuffer(), 'image/jpeg')).json().data
      .image;
    expect(second).toMatch(AVATAR_URL);
    expect(second).not.toBe(first);
    expect((await fetchImage(first)).statusCode).toBe(404);
    await expectServedAvatar(second);
  });

  it('two shoppers with the same picture get a URL each', async () => {
    const png = await picture(50, 50).png().toBuffer();
    const a = (await upload(await newShopper(), png)).json().data.image;
    const b = (await upload(await newShopper(), png)).json().data.image;
    expect(a).toMatch(AVATAR_URL);
    expect(b).toMatch(AVATAR_URL);
    expect(a).not.toBe(b);
  });

  const refused: [string, () => Promise<Buffer | string>, string, number, string][] = [
    ['a text file named as a PNG', async () => 'hello, I am not a picture\n', 'image/png', 415, 'UNSUPPORTED_IMAGE_TYPE'],
    ['a GIF', () => picture(20, 20).gif().toBuffer(), 'image/gif', 415, 'UNSUPPORTED_IMAGE_TYPE'],
    ['a GIF declared as a PNG', () => picture(20, 20).gif().toBuffer(), 'image/png', 415, 'UNSUPPORTED_IMAGE_TYPE'],
    [
      'an SVG',
      async () => '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      'image/svg+xml',
      415,
      'UNSUPPORTED_IMAGE_TYPE',
    ],
    ['HTML', async () => '<!doctype html><script>alert(1)</script>', 'image/png', 415, 'UNSUPPORTED_IMAGE_TYPE'],
    [
      'a PNG signature in front of garbage',
      async () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
      'image/png',
      400,
      'INVALID_IMAGE',
    ],
    ['a cut-off JPEG', async () => (await picture(200, 200).jpeg().toBuffer()).subarray(0, 300), 'image/jpeg', 400, 'INVALID_IMAGE'],
    [
      'a small file claiming too many pixels',
      () => picture(8000, 6000).png({ compressionLevel: 9 }).toBuffer(),
      'image/png',
      400,
      'IMAGE_TOO_LARGE',
    ],
    ['an empty body', async () => Buffer.alloc(0), 'image/png', 400, 'IMAGE_REQUIRED'],
  ];

  it.each(refused)('refuses %s and keeps the picture there was', async (_label, make, contentType, status, code) => {
    const token = await newShopper();
    const kept = (await upload(token, await picture(40, 40).png().toBuffer())).json().data.image;
    const res = await upload(token, await make(), contentType);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code, field: 'image' });
    expect(await imageOf(token)).toBe(kept);
    await expectServedAvatar(kept);
  });

  it(`refuses a body over ${AVATAR_MAX_BYTES} bytes with 413, changing nothing`, async () => {
    const token = await newShopper();
    const png = await picture(40, 40).png().toBuffer();
    const tooBig = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    const res = await upload(token, tooBig);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false });
    expect(await imageOf(token)).toBeNull();
  });

  it(`takes ${AVATAR_UPLOADS_PER_MINUTE} uploads a minute from one shopper, then 429; another shopper is not held up`, async () => {
    const token = await newShopper();
    const png = await picture(16, 16).png().toBuffer();
    for (let i = 0; i < AVATAR_UPLOADS_PER_MINUTE; i++) expect((await upload(token, png)).statusCode).toBe(200);
    const limited = await upload(token, png);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: AVATAR_UPLOADS_LIMITED_MESSAGE });
    expect((await upload(await newShopper(), png)).statusCode).toBe(200);
  });

  it('a guest or an ended session gets 401, before the body is looked at', async () => {
    const png = await picture(40, 40).png().toBuffer();
    expect((await upload(null, png)).statusCode).toBe(401);
    expect((await upload('not-a-session', png)).statusCode).toBe(401);
    expect((await upload(null, Buffer.alloc(AVATAR_MAX_BYTES + 10))).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/user/avatar', () => {
  it('goes back to no picture; the old URL is gone; deleting again is fine', async () => {
    const token = await newShopper();
    const url = (await upload(token, await picture(40, 40).png().toBuffer())).json().data.image;
    const res = await removeAvatar(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.image).toBeNull();
    expect(await imageOf(token)).toBeNull();
    expect((await fetchImage(url)).statusCode).toBe(404);
    expect((await removeAvatar(token)).statusCode).toBe(200);
  });

  it("removes only the signed-in shopper's own picture", async () => {
    const alice = await newShopper();
    const bob = await newShopper();
    const bobsUrl = (await upload(bob, await picture(40, 40).png().toBuffer())).json().data.image;
    expect((await removeAvatar(alice)).statusCode).toBe(200);
    expect(await imageOf(bob)).toBe(bobsUrl);
    await expectServedAvatar(bobsUrl);
  });

  it('a guest gets 401', async () => {
    expect((await removeAvatar(null)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/user/avatar/{file}', () => {
  it('is public (an <img> sends no session) and answers 404 for an unknown picture, 400 for a malformed name', async () => {
    expect((await fetchImage(`/api/v1/user/avatar/${'0'.repeat(32)}.webp`)).statusCode).toBe(404);
    const malformed = await fetchImage('/api/v1/user/avatar/..%2F..%2Fetc%2Fpasswd');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, field: 'file' });
    expect((await fetchImage(`/api/v1/user/avatar/${'0'.repeat(32)}.png`)).statusCode).toBe(400);
  });
});
