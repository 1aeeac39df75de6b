// The API's documentation is served only when API_DOCS says so (issue 21): off by default in production,
// where a map of every route is for the team, not for whoever asks. The document itself is still built,
// so the tests that read it through app.swagger() keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ API_DOCS: false });
});
afterAll(() => t.close());

describe('with API_DOCS off', () => {
  it.each(['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html'])('%s is a 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('the store and its document inside the server still work', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/settings' })).statusCode).toBe(200);
    const doc = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/v1/settings');
  });
});
