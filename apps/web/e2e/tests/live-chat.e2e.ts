// Live chat in the browser (issue 12, ADR 027): a shopper's message reaches the agent's inbox live and the
// agent's answer reaches the shopper live (two browsers); the widget is on the policy pages, except when the
// mobile app opens them (?mobile=true).
import { describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../support/admin.ts';
import { useBrowser } from '../support/browser.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

const { newPage, baseURL } = useBrowser();

const WAIT = { timeout: 30_000 };

describe('live chat', () => {
  it("carries a shopper's message to the agent's inbox and the answer back, live", async () => {
    const admin = await signInAsAdmin(baseURL);
    const me = await admin.call<{ _id: string }>('GET', 'v1/getuser');
    const agent = await newPage({ token: admin.token, user: { _id: me.body.data._id, role: 'ADMIN' } });
    await agent.goto('/admin/chats');
    await agent.getByRole('heading', { name: 'Chats' }).waitFor(WAIT);

    const session = await signInViaApi(baseURL, await createVerifiedUser(baseURL));
    const shopper = await newPage({ token: session.token, user: session.user });
    await shopper.goto('/');
    const panel = shopper.getByRole('dialog', { name: 'Chat with us' });
    // A click before the page is hydrated does nothing (the server rendered the button); the launcher only
    // opens, so clicking again until the panel shows is safe.
    await expect
      .poll(async () => {
        if (!(await panel.isVisible())) await shopper.getByRole('button', { name: /^Open chat/ }).click();
        return panel.isVisible();
      }, WAIT)
      .toBe(true);
    const question = `Where are my coins? ${Date.now()}`;
    await panel.getByRole('textbox', { name: 'Message' }).fill(question);
    await panel.getByRole('button', { name: 'Send' }).click();
    // In the conversation (not the text box, which holds the draft until the message is stored).
    const messages = panel.getByRole('list', { name: 'Messages' });
    await messages.getByText(question).waitFor(WAIT);

    // The inbox was open before the message was sent: it hears it without a reload.
    const row = agent.getByTestId('chat-row').filter({ hasText: question });
    await row.waitFor(WAIT);
    await row.getByRole('link').click();
    await agent.getByTestId('inbox-message').filter({ hasText: question }).waitFor(WAIT);
    const answer = `They are on their way ${Date.now()}`;
    await agent.getByLabel('Answer').fill(answer);
    await agent.getByRole('button', { name: 'Send answer' }).click();

    await messages.getByText(answer).waitFor(WAIT);
    expect(await messages.getByText(answer).textContent()).toBe(answer);
  });

  it('shows the widget on /privacy-policy but not on /privacy-policy?mobile=true', async () => {
    const page = await newPage();
    await page.goto('/privacy-policy');
    await page.getByRole('button', { name: /^Open chat/ }).waitFor(WAIT);

    await page.goto('/privacy-policy?mobile=true');
    await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
    await expect.poll(() => page.getByRole('button', { name: /^Open chat/ }).count(), WAIT).toBe(0);
  });
});
