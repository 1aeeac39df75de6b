// The agents' inbox (ADR 027): open conversations with unread counts, a conversation shown as text beside
// the shopper's profile and orders, assign to me, and the other agent's win told in words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { AdminChatSummary } from '@store/shared';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import InboxSection from './InboxSection.tsx';

afterEach(() => vi.unstubAllGlobals());

const summary: AdminChatSummary = {
  id: 'c1',
  status: 'open',
  userId: 'u1',
  visitorName: 'Mei Lin',
  visitorEmail: 'mei@example.com',
  assignedAdminId: null,
  assignedAdminEmail: null,
  unread: 2,
  lastMessageAt: '2026-11-24T10:00:00.000Z',
  lastMessage: 'Where are my coins?',
  answerByEmail: false,
};
const html = '<img src=x onerror=alert(1)>';
const detail = {
  chat: summary,
  messages: [
    { id: 1, conversationId: 'c1', senderKind: 'shopper', text: html, createdAt: '2026-11-24T09:59:00.000Z' },
    { id: 2, conversationId: 'c1', senderKind: 'shopper', text: 'Where are my coins?', createdAt: '2026-11-24T10:00:00.000Z' },
  ],
  profile: { id: 'u1', email: 'mei@example.com', firstname: 'Mei', lastname: 'Lin', createdAt: '2026-01-02T00:00:00.000Z' },
  recentOrders: [{ _id: 'o1', status: 'fulfilled', totalCents: 499, createdAt: '2026-11-20T00:00:00.000Z' }],
};
const ok = (data: unknown) => ({ body: { success: true, data } });

describe('InboxSection', () => {
  it('lists open conversations with their unread counts', async () => {
    mockApi({ 'GET v1/admin/chats': ok({ chats: [summary], page: 1, limit: 20, hasMore: false }) });
    renderPage(<InboxSection />, { path: '/admin/chats/*', at: '/admin/chats' });
    const row = await screen.findByTestId('chat-row');
    expect(row).toHaveTextContent('Mei Lin');
    expect(screen.getByLabelText('2 unread')).toHaveTextContent('2');
  });

  it('shows a conversation as text beside the profile and orders, and tells the agent who lost the assign race', async () => {
    const net = mockApi({
      'GET v1/admin/chats': ok({ chats: [summary], page: 1, limit: 20, hasMore: false }),
      'GET v1/admin/chats/c1': ok(detail),
      'POST v1/admin/chats/c1/read': ok({ ok: true }),
      'POST v1/admin/chats/c1/assign': failure(409, 'Another agent took this conversation first.', 'CONFLICT'),
    });
    const { container, user } = renderPage(<InboxSection />, { path: '/admin/chats/*', at: '/admin/chats/c1' });
    expect(await screen.findByText(html)).toBeInTheDocument();
    expect(container.querySelector('.chat-inbox__messages img')).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Shopper' })).toHaveTextContent('mei@example.com');
    expect(screen.getByRole('link', { name: /20 Nov 2026/ })).toHaveAttribute('href', '/admin/orders/o1');
    // Opening it reads the shopper's messages (they see a receipt).
    await waitFor(() => expect(net.callsTo('POST', 'v1/admin/chats/c1/read')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Another agent took this conversation first.', { selector: '.chat-inbox__error' })).toBeInTheDocument();
  });
});
