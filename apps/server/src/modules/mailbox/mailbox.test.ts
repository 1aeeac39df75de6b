import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { mailTo, post, signupBody, tokenFromLink, uniqueEmail } from '../../../test/support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 1000 });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('local mailbox', () => {
  it('lists stored mail newest first with recipient, subject and time, and filters by recipient', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await post(t.app, '/api/v1/auth/signup', signupBody(first));
    await post(t.app, '/api/v1/auth/signup', signupBody(second));

    const page = await get('/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body.indexOf(second)).toBeGreaterThan(-1);
    expect(page.body.indexOf(second)).toBeLessThan(page.body.indexOf(first));
    expect(page.body).toContain('Confirm your e-mail for Lucky Dragon Collective');
    expect(page.body).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);

    const filtered = await get(`/mailbox?to=${encodeURIComponent(first.toUpperCase())}`);
    expect(filtered.body).toContain(first);
    expect(filtered.body).not.toContain(second);

    const none = await get(`/mailbox?to=${encodeURIComponent(uniqueEmail('nobody'))}`);
    expect(none.body).toContain('No mail to');
  });

  it('shows one mail with its HTML body framed and its links clickable', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/auth/signup', signupBody(email));
    const [mail] = await mailTo(t.app, email);
    const token = tokenFromLink(mail!.text, 'verify');

    const list = await get(`/mailbox?to=${encodeURIComponent(email)}`);
    expect(list.body).toContain(`href="/mailbox/${mail!._id}"`);

    const page = await get(`/mailbox/${mail!._id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<iframe title="Message" src="/mailbox/${mail!._id}/html"`);
    expect(page.body).toContain(`<a href="http://localhost:0/login?verify=${token}"`);

    const body = await get(`/mailbox/${mail!._id}/html`);
    expect(body.statusCode).toBe(200);
    expect(body.body).toBe(mail!.html);
    expect(body.body).toContain(`<a href="http://localhost:0/login?verify=${token}"`);
    expect(body.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('escapes everything it shows', async () => {
    const email = uniqueEmail();
    await post(
      t.app,
      '/api/v1/auth/signup',
      signupBody(email, { firstname: '<script>alert(1)</script>', lastname: '"><img src=x onerror=alert(2)>' }),
    );
    const [mail] = await mailTo(t.app, email);
    expect(mail!.html).not.toContain('<script>alert(1)</script>');
    expect(mail!.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');

    await t.app.mailer.send({
      to: 'victim@example.com',
      subject: '<img src=x onerror=alert(3)> & "quotes"',
      text: 'See <b>this</b> https://example.com/?a=1&b=<2>',
      html: '<p>hi</p>',
    });
    const list = await get('/mailbox?to=victim%40example.com');
    expect(list.body).not.toContain('<img src=x');
    expect(list.body).toContain('&lt;img src=x onerror=alert(3)&gt; &amp; &quot;quotes&quot;');

    const search = await get('/mailbox?to=%22%3E%3Cscript%3Ealert(4)%3C%2Fscript%3E');
    expect(search.body).not.toContain('<script>alert(4)');
    expect(search.body).toContain('&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt;');

    const [stored] = await mailTo(t.app, 'victim@example.com');
    const page = await get(`/mailbox/${stored!._id}`);
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('<b>this</b>');
    expect(page.body).toContain('See &lt;b&gt;this&lt;/b&gt;');
    expect(page.body).toContain('<a href="https://example.com/?a=1&amp;b=&lt;2&gt;"');
  });

  it('answers an unknown mail with a 404 page', async () => {
    const res = await get('/mailbox/00000000-0000-4000-8000-00000000dead');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('That mail is not here.');
  });

  it('GET /api/dev/mailbox returns stored mail as JSON, newest first', async () => {
    const email = uniqueEmail();
    await post(t.app, '/api/v1/auth/signup', signupBody(email));
    await post(t.app, '/api/v1/auth/resend-email', { email });
    const res = await get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data).toHaveLength(2);
    expect(Object.keys(data[0]).sort()).toEqual(['_id', 'createdAt', 'html', 'subject', 'text', 'to']);
    expect(data[0].to).toBe(email);
    expect(Date.parse(data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(data[1].createdAt));

    const unknownField = await get('/api/dev/mailbox?to=a@example.com&limit=5');
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ success: false, field: 'limit' });
  });
});
