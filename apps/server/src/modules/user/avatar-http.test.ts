// A picture over the limit, sent as a browser sends it (a real socket, the whole body written before the
// answer is read): the client reads a 413 with the JSON envelope naming the image, not a connection
// reset under it, and the profile keeps its picture (issue 21).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createVerifiedUser, loginAs } from '../../../test/support/auth.ts';
import { uploadThenRead } from '../../../test/support/upload-client.ts';
import { DRAIN_MAX_BYTES } from '../../lib/body-size.ts';

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000 });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function newShopper() {
  const { email, password } = await createVerifiedUser(t.app);
  return (await loginAs(t.app, email, password)).token;
}

describe('an avatar over the limit, over HTTP', () => {
  it.each([6 * 1024 * 1024, AVATAR_MAX_BYTES + 1])('%i bytes: the client reads a 413 naming the image', async (size) => {
    const token = await newShopper();
    const outcome = await uploadThenRead(
      `${address}/api/v1/user/avatar`,
      { 'content-type': 'image/png', 'x-auth-token': token },
      Buffer.alloc(size),
    );
    expect(outcome).toMatchObject({ kind: 'answer', status: 413 });
    const answer = outcome as Extract<typeof outcome, { kind: 'answer' }>;
    expect(answer.headers['content-type']).toContain('application/json');
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      field: 'image',
      message: `This picture is over ${AVATAR_MAX_BYTES / 1024 / 1024} MB. Choose a smaller one.`,
    });
    const me = await fetch(`${address}/api/v1/getuser`, { headers: { 'x-auth-token': token } });
    expect(((await me.json()) as { data: { image: string | null } }).data.image).toBeNull();
  });

  it(`one announcing more than ${DRAIN_MAX_BYTES / 1024 / 1024} MB is answered 413 at once, and the connection closed`, async () => {
    const token = await newShopper();
    const outcome = await uploadThenRead(
      `${address}/api/v1/user/avatar`,
      { 'content-type': 'image/png', 'x-auth-token': token },
      Buffer.alloc(1024),
      { declaredLength: DRAIN_MAX_BYTES + 1 },
    );
    expect(outcome).toMatchObject({ kind: 'answer', status: 413, headers: { connection: 'close' } });
  });

  it('a picture within the limit still uploads through the same client', async () => {
    const token = await newShopper();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const outcome = await uploadThenRead(`${address}/api/v1/user/avatar`, { 'content-type': 'image/png', 'x-auth-token': token }, png);
    expect(outcome).toMatchObject({ kind: 'answer', status: 200 });
  });
});
