// The chat's rows shaped for the API: dates as ISO strings, the message body as plain text.
import type { AdminChatSummary, ChatConversation, ChatMessage } from '@store/shared';
import type { ConversationRow, MessageRow, SummaryRow } from './repository.ts';

export const messageView = (m: MessageRow): ChatMessage => ({
  id: m.id,
  conversationId: m.conversationId,
  senderKind: m.senderKind,
  text: m.body,
  createdAt: m.createdAt.toISOString(),
});

export const conversationView = (c: ConversationRow, messages: MessageRow[], email: string | null): ChatConversation => ({
  id: c.id,
  status: c.status,
  unread: c.unreadByVisitor,
  readByAgent: c.unreadByAgent === 0,
  email,
  messages: messages.map(messageView),
});

export function adminSummary(s: SummaryRow): AdminChatSummary {
  const c = s.conversation;
  const name = s.visitorFirstname !== null ? `${s.visitorFirstname} ${s.visitorLastname ?? ''}`.trim() : 'Guest';
  return {
    id: c.id,
    status: c.status,
    userId: c.userId,
    visitorName: name,
    visitorEmail: s.visitorEmail ?? c.guestEmail,
    assignedAdminId: c.assignedAdminId,
    assignedAdminEmail: s.agentEmail,
    unread: c.unreadByAgent,
    lastMessageAt: c.lastMessageAt.toISOString(),
    lastMessage: s.lastMessage,
    answerByEmail: c.answerByEmail,
  };
}
