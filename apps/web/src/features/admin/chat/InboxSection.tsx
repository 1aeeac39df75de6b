import { useEffect, useState } from 'react';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router';
import { connectChat } from '../../../lib/chat-socket.ts';
import { useAppDispatch } from '../../../lib/hooks.ts';
import { readPersistedToken } from '../../../lib/session.ts';
import { Button, Pager } from '../../../components/ui/index.ts';
import { formatWhen } from '../components/format.ts';
import { ChatConversationPanel } from './ChatConversationPanel.tsx';
import { invalidateChats, useAdminChatsQuery, type AdminChatFilter } from './chats-api.ts';
import './inbox.css';

// The agents' inbox (issue 12, ADR 027) at /admin/chats: conversations with unread counts, updated live
// through the chat namespace (this page's socket puts the agent in the inbox room: visitors then see agents
// online), and at /admin/chats/:id one conversation with the shopper's profile and recent orders beside it.

/** Which conversation is typing right now, as the live namespace reports it. */
export type TypingMap = Record<string, number>;

export default function InboxSection() {
  const dispatch = useAppDispatch();
  const [typing, setTyping] = useState<TypingMap>({});

  useEffect(() => {
    const token = readPersistedToken();
    if (!token) return;
    const connection = connectChat(
      { token, inbox: true },
      {
        chatMessage: ({ message }) => dispatch(invalidateChats(message.conversationId)),
        chatUpdated: ({ chat }) => dispatch(invalidateChats(chat.id)),
        chatRead: ({ conversationId }) => dispatch(invalidateChats(conversationId)),
        chatTyping: ({ conversationId, senderKind }) => {
          if (senderKind !== 'agent') setTyping((t) => ({ ...t, [conversationId]: Date.now() }));
        },
      },
    );
    return () => connection.close();
  }, [dispatch]);

  return (
    <div className="chat-inbox">
      <h2>Chats</h2>
      <div className="chat-inbox__layout">
        <ConversationList />
        <Routes>
          <Route index element={<p className="chat-inbox__hint">Choose a conversation.</p>} />
          <Route path=":id" element={<SelectedConversation typing={typing} />} />
        </Routes>
      </div>
    </div>
  );
}

function SelectedConversation({ typing }: { typing: TypingMap }) {
  const { id = '' } = useParams();
  return <ChatConversationPanel key={id} id={id} typingAt={typing[id] ?? 0} />;
}

const pageOf = (raw: string | null) => {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

function ConversationList() {
  const [params, setParams] = useSearchParams();
  const filter: AdminChatFilter = {
    status: params.get('status') === 'closed' ? 'closed' : 'open',
    assigned: params.get('assigned') === 'me' ? 'me' : params.get('assigned') === 'unassigned' ? 'unassigned' : 'any',
    page: pageOf(params.get('page')),
  };
  const { data, isError, refetch } = useAdminChatsQuery(filter, { refetchOnMountOrArgChange: true });
  const set = (next: Partial<AdminChatFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    setParams({
      ...(merged.status !== 'open' ? { status: merged.status } : {}),
      ...(merged.assigned !== 'any' ? { assigned: merged.assigned } : {}),
      ...(merged.page > 1 ? { page: String(merged.page) } : {}),
    });
  };
  const linkSearch = params.toString() ? `?${params.toString()}` : '';

  return (
    <section className="chat-inbox__list" aria-label="Conversations">
      <div className="admin-form">
        <label>
          Status
          <select value={filter.status} onChange={(e) => set({ status: e.target.value as AdminChatFilter['status'] })}>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
          </select>
        </label>
        <label>
          Assigned
          <select value={filter.assigned} onChange={(e) => set({ assigned: e.target.value as AdminChatFilter['assigned'] })}>
            <option value="any">Anyone</option>
            <option value="me">Me</option>
            <option value="unassigned">Nobody</option>
          </select>
        </label>
      </div>
      {isError ? (
        <p>
          We couldn't load the conversations.{' '}
          <Button variant="ghost" onClick={() => void refetch()}>
            Try again
          </Button>
        </p>
      ) : !data ? (
        <p role="status">Loading conversations…</p>
      ) : data.chats.length === 0 ? (
        <p>No conversation here.</p>
      ) : (
        <>
          <ul className="chat-inbox__rows">
            {data.chats.map((chat) => (
              <li key={chat.id} data-testid="chat-row">
                <Link to={`/admin/chats/${encodeURIComponent(chat.id)}${linkSearch}`}>
                  <strong>{chat.visitorName}</strong>
                  {chat.visitorEmail && <span className="chat-inbox__email"> {chat.visitorEmail}</span>}
                  {chat.unread > 0 && (
                    <span className="chat-inbox__unread" aria-label={`${chat.unread} unread`}>
                      {chat.unread}
                    </span>
                  )}
                  <span className="chat-inbox__preview">{chat.lastMessage ?? ''}</span>
                  <span className="chat-inbox__meta">
                    {formatWhen(chat.lastMessageAt)} · {chat.assignedAdminEmail ? `Assigned to ${chat.assignedAdminEmail}` : 'Unassigned'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager page={data.page} hasMore={data.hasMore} onPage={(page) => set({ page })} label="Conversation pages" />
        </>
      )}
    </section>
  );
}
