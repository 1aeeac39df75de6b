// The chat widget (ADR 027): messages shown as text (never HTML), the unread badge, the typing indicator,
// the offline state that asks a guest for an e-mail, and the policy pages in mobile mode without a chat.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  CHAT_CONVERSATION_KEY,
  CHAT_KEY_STORAGE,
  CHAT_OFFLINE_MESSAGE,
  type ChatConversation,
  type ChatMessage,
  type ChatServerToClientEvents,
} from '@store/shared';
import { mockApi } from '../../../test/mock-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { ChatWidget } from './ChatWidget.tsx';
import { ChatLauncher } from './ChatLauncher.tsx';
import { isChatHidden } from './chat-visibility.ts';

// The live connection is a socket.io boundary: the test plays the server's events through it.
const live = vi.hoisted(() => ({ handlers: null as null | Partial<ChatServerToClientEvents>, credentials: null as unknown }));
vi.mock('../../lib/chat-socket.ts', () => ({
  connectChat: (credentials: unknown, handlers: Partial<ChatServerToClientEvents>) => {
    live.credentials = credentials;
    live.handlers = handlers;
    return { close: () => {} };
  },
}));

beforeEach(() => {
  live.handlers = null;
  live.credentials = null;
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const message = (id: number, text: string, senderKind: ChatMessage['senderKind'] = 'agent'): ChatMessage => ({
  id,
  conversationId: 'c1',
  senderKind,
  text,
  createdAt: '2026-11-24T10:00:00.000Z',
});
const conversation = (over: Partial<ChatConversation> = {}): ChatConversation => ({
  id: 'c1',
  status: 'open',
  unread: 0,
  readByAgent: true,
  email: 'mei@example.com',
  messages: [],
  ...over,
});
const state = (agentsOnline: boolean, c: ChatConversation | null) => ({ body: { success: true, data: { agentsOnline, conversation: c } } });

describe('ChatWidget', () => {
  it('shows a message holding HTML as its literal text, never as markup', async () => {
    const html = '<img src=x onerror=alert(1)>';
    mockApi({ 'GET v1/chat': state(true, conversation({ messages: [message(1, html, 'shopper')] })) });
    const { container } = renderPage(<ChatWidget token="t" initiallyOpen />);
    expect(await screen.findByText(html)).toBeInTheDocument();
    expect(container.querySelector('.chat-panel img')).toBeNull();
  });

  it('counts unread answers on the launcher, live too, and reads them when opened', async () => {
    const net = mockApi({
      'GET v1/chat': state(
        true,
        conversation({ unread: 2, messages: [message(1, 'Hi', 'shopper'), message(2, 'Hello'), message(3, 'How can I help?')] }),
      ),
      'POST v1/chat/read': { body: { success: true, data: { ok: true } } },
    });
    const { user } = renderPage(<ChatWidget token="t" />);
    expect(await screen.findByTestId('chat-unread')).toHaveTextContent('2');
    await waitFor(() => expect(live.handlers).not.toBeNull());
    live.handlers!.chatMessage!({ message: message(4, 'Are you there?') });
    await waitFor(() => expect(screen.getByTestId('chat-unread')).toHaveTextContent('3'));

    await user.click(screen.getByRole('button', { name: 'Open chat, 3 unread' }));
    expect(await screen.findByText('Are you there?')).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('POST', 'v1/chat/read')).toHaveLength(1));
    expect(screen.queryByTestId('chat-unread')).toBeNull();
  });

  it('shows "Agent is typing…" while the agent types', async () => {
    mockApi({ 'GET v1/chat': state(true, conversation({ messages: [message(1, 'Hi', 'shopper')] })) });
    renderPage(<ChatWidget token="t" initiallyOpen />);
    await waitFor(() => expect(live.handlers).not.toBeNull());
    live.handlers!.chatTyping!({ conversationId: 'c1', senderKind: 'agent' });
    expect(await screen.findByText('Agent is typing…')).toBeInTheDocument();
  });

  it('says agents are offline and asks a guest for an e-mail, which it sends with the message', async () => {
    const sent = conversation({ email: 'guest@example.com', readByAgent: false, messages: [message(1, 'Can I pay by bank?', 'guest')] });
    const net = mockApi({
      'GET v1/chat': state(false, null),
      'POST v1/chat/messages': {
        body: { success: true, data: { conversation: sent, message: sent.messages[0], conversationKey: 'guest-key' } },
      },
    });
    const { user } = renderPage(<ChatWidget token={null} initiallyOpen />);
    expect(await screen.findByText(CHAT_OFFLINE_MESSAGE)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Can I pay by bank?');
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Your e-mail, for our answer'), 'guest@example.com');
    await user.click(send);
    await waitFor(() =>
      expect(net.find('POST v1/chat/messages')?.body).toEqual({ text: 'Can I pay by bank?', email: 'guest@example.com' }),
    );
    // The key authorises this guest's conversation from now on: kept, and the live connection proves it.
    await waitFor(() => expect(localStorage.getItem(CHAT_KEY_STORAGE)).toBe('guest-key'));
    await waitFor(() => expect(live.credentials).toEqual({ chatKey: 'guest-key' }));
    expect(screen.queryByLabelText('Your e-mail, for our answer')).toBeNull();
  });

  it("uses a signed-in shopper's account address without asking", async () => {
    mockApi({ 'GET v1/chat': state(false, null) });
    renderPage(<ChatWidget token="t" initiallyOpen />);
    expect(await screen.findByText(CHAT_OFFLINE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your e-mail, for our answer')).toBeNull();
  });
});

// Issue 24: icons are inline SVG; an emoji or a symbol glyph is a missing-glyph box where the font is absent.
const PICTOGRAPH = /[\p{Extended_Pictographic}\u00d7\u2715\u2716]/u;

function expectSvgIconButton(button: HTMLElement) {
  expect(button.querySelector('svg')).not.toBeNull();
  expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  expect(button.textContent ?? '').not.toMatch(PICTOGRAPH);
}

describe('the chat icons', () => {
  it('draws the first-load launcher as an SVG, named "Open chat"', () => {
    renderPage(<ChatLauncher token={null} />);
    expectSvgIconButton(screen.getByRole('button', { name: 'Open chat' }));
  });

  it("draws the widget's launcher, Close and Send as SVGs with names, the unread badge kept", async () => {
    mockApi({ 'GET v1/chat': state(true, conversation({ unread: 1, messages: [message(1, 'Hello')] })) });
    const { user } = renderPage(<ChatWidget token="t" />);
    expect(await screen.findByTestId('chat-unread')).toHaveTextContent('1');
    const launcher = screen.getByRole('button', { name: 'Open chat, 1 unread' });
    expectSvgIconButton(launcher);
    await user.click(launcher);
    expectSvgIconButton(await screen.findByRole('button', { name: 'Close chat' }));
    expectSvgIconButton(screen.getByRole('button', { name: 'Send' }));
  });
});

describe('where the chat shows', () => {
  it('is hidden on the policy pages in mobile mode only', () => {
    for (const path of ['/privacy-policy', '/use-policy-terms', '/data-deletion']) {
      expect(isChatHidden(path, '?mobile=true')).toBe(true);
      expect(isChatHidden(path, '')).toBe(false);
      expect(isChatHidden(path, '?mobile=false')).toBe(false);
    }
    expect(isChatHidden('/', '?mobile=true')).toBe(false);
  });

  it('renders no launcher on /privacy-policy?mobile=true, and one on /privacy-policy', async () => {
    const hidden = renderPage(<ChatLauncher token={null} />, { path: '/privacy-policy', at: '/privacy-policy?mobile=true' });
    expect(screen.queryByRole('button', { name: /Open chat/ })).toBeNull();
    hidden.unmount();
    renderPage(<ChatLauncher token={null} />, { path: '/privacy-policy' });
    expect(screen.getByRole('button', { name: /Open chat/ })).toBeInTheDocument();
  });
});

describe('when the widget loads (issue 26: a guest who never touches the chat never downloads it)', () => {
  it('loads for a guest only once they reach for the launcher, and opens at the click', async () => {
    const api = mockApi({ 'GET v1/chat': state(true, null) });
    const { user } = renderPage(<ChatLauncher token={null} />);
    const launcher = screen.getByRole('button', { name: 'Open chat' });
    // jsdom has no requestIdleCallback: idle comes 1 s after load. Waiting past it checks that nothing loads.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(api.keys()).not.toContain('GET v1/chat');
    expect(screen.queryByRole('dialog', { name: 'Chat with us' })).toBeNull();

    await user.click(launcher);
    expect(await screen.findByRole('dialog', { name: 'Chat with us' })).toBeInTheDocument();
    expect(api.keys()).toContain('GET v1/chat');
  });

  it('loads once idle for a signed-in shopper, whose agent may have answered: the unread badge shows untouched', async () => {
    mockApi({ 'GET v1/chat': state(true, conversation({ unread: 2, messages: [message(1, 'Hello'), message(2, 'Still there?')] })) });
    renderPage(<ChatLauncher token="t" />);
    expect(await screen.findByTestId('chat-unread', {}, { timeout: 15_000 })).toHaveTextContent('2');
  });

  it('loads once idle for a guest whose conversation this browser remembers', async () => {
    localStorage.setItem(CHAT_CONVERSATION_KEY, 'c1');
    mockApi({ 'GET v1/chat': state(true, conversation({ unread: 1, messages: [message(1, 'Hello')] })) });
    renderPage(<ChatLauncher token={null} />);
    expect(await screen.findByTestId('chat-unread', {}, { timeout: 15_000 })).toHaveTextContent('1');
  });
});
