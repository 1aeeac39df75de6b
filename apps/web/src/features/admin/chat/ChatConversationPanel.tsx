import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CHAT_MESSAGE_MAX, formatCents } from '@store/shared';
import { formatWhen } from '../components/format.ts';
import {
  useAdminChatQuery,
  useAnswerChatMutation,
  useAssignChatMutation,
  useChatTypingMutation,
  useCloseChatMutation,
  useReadChatMutation,
} from './chats-api.ts';
import { Button } from '../../../components/ui/index.ts';

/** How long "Visitor is typing…" shows after the last typing signal. */
const TYPING_SHOWN_MS = 4_000;
const TYPING_EVERY_MS = 3_000;

/** The message of a refused call, for the agent to read beside the button. */
function refusal(err: unknown): string {
  const data = (err as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : 'That did not work. Please try again.';
}

/**
 * One conversation: its messages (plain text, rendered as text), assign / answer / close, and the shopper's
 * profile and recent orders beside it. Opening it reads the visitor's messages (they see a receipt).
 */
export function ChatConversationPanel({ id, typingAt }: { id: string; typingAt: number }) {
  const { data, isError, refetch } = useAdminChatQuery(id, { refetchOnMountOrArgChange: true });
  const [assign, assigning] = useAssignChatMutation();
  const [close, closing] = useCloseChatMutation();
  const [answer, answering] = useAnswerChatMutation();
  const [read] = useReadChatMutation();
  const [typing] = useChatTypingMutation();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const lastTyping = useRef(0);

  const unread = data?.chat.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void read(id);
  }, [id, unread, read]);

  // "Visitor is typing…" fades TYPING_SHOWN_MS after the last signal.
  useEffect(() => {
    if (!typingAt) return;
    setNow(Date.now());
    const timer = setTimeout(() => setNow(Date.now()), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typingAt]);
  const visitorTyping = typingAt > 0 && now - typingAt < TYPING_SHOWN_MS;

  if (isError)
    return (
      <section className="chat-inbox__conversation">
        <p>We couldn't load this conversation.</p>
        <Button variant="ghost" onClick={() => void refetch()}>
          Try again
        </Button>
      </section>
    );
  if (!data) return <p role="status">Loading the conversation…</p>;
  const { chat, messages, profile, recentOrders } = data;

  async function run(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
      return true;
    } catch (err) {
      setError(refusal(err));
      return false;
    }
  }

  async function onAnswer(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    if (await run(() => answer({ id, text }).unwrap())) setDraft('');
  }

  function onDraftChange(value: string) {
    setDraft(value);
    const t = Date.now();
    if (value && t - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = t;
      void typing(id);
    }
  }

  const open = chat.status === 'open';
  return (
    <div className="chat-inbox__detail">
      <section className="chat-inbox__conversation" aria-label="Conversation">
        <header className="chat-inbox__header">
          <h3>{chat.visitorName}</h3>
          <p>
            {chat.status === 'open' ? 'Open' : 'Closed'} ·{' '}
            {chat.assignedAdminEmail ? `Assigned to ${chat.assignedAdminEmail}` : 'Unassigned'}
            {chat.answerByEmail && ' · Wrote while agents were offline: the answer is mailed too'} ·{' '}
            <Link to={`/admin/recordings?chatId=${encodeURIComponent(String(chat.id))}`}>Recorded sessions</Link>
          </p>
          <div className="chat-inbox__actions">
            {open && !chat.assignedAdminId && (
              <Button variant="ghost" disabled={assigning.isLoading} onClick={() => void run(() => assign(id).unwrap())}>
                Assign to me
              </Button>
            )}
            {open && (
              <Button variant="ghost" disabled={closing.isLoading} onClick={() => void run(() => close(id).unwrap())}>
                Close
              </Button>
            )}
          </div>
        </header>
        <ol className="chat-inbox__messages" aria-label="Messages">
          {messages.map((m) => (
            <li key={m.id} className={`chat-inbox__message chat-inbox__message--${m.senderKind}`} data-testid="inbox-message">
              <span className="chat-inbox__who">
                {m.senderKind === 'agent' ? 'Agent' : m.senderKind === 'guest' ? 'Guest' : 'Shopper'} · {formatWhen(m.createdAt)}
              </span>
              <p>{m.text}</p>
            </li>
          ))}
          {visitorTyping && <li className="chat-inbox__typing">Visitor is typing…</li>}
        </ol>
        {error && (
          <p role="alert" className="chat-inbox__error">
            {error}
          </p>
        )}
        {open ? (
          <form className="chat-inbox__form" onSubmit={(e) => void onAnswer(e)}>
            <label>
              Answer
              <textarea name="answer" rows={3} maxLength={CHAT_MESSAGE_MAX} value={draft} onChange={(e) => onDraftChange(e.target.value)} />
            </label>
            <Button type="submit" variant="ghost" disabled={answering.isLoading || !draft.trim()}>
              Send answer
            </Button>
          </form>
        ) : (
          <p>This conversation is closed. It opens again when the visitor writes.</p>
        )}
      </section>
      <aside className="chat-inbox__side" aria-label="Shopper">
        {profile ? (
          <>
            <h3>Shopper</h3>
            <p>
              <Link to={`/admin/users/${encodeURIComponent(profile.id)}`}>
                {profile.firstname} {profile.lastname}
              </Link>
              <br />
              {profile.email}
              <br />
              Joined {formatWhen(profile.createdAt)}
            </p>
            <h4>Recent orders</h4>
            {recentOrders.length === 0 ? (
              <p>No purchases yet.</p>
            ) : (
              <ul>
                {recentOrders.map((o) => (
                  <li key={o._id}>
                    <Link to={`/admin/orders/${encodeURIComponent(o._id)}`}>{formatWhen(o.createdAt)}</Link> · {o.status} ·{' '}
                    {formatCents(o.totalCents)}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <>
            <h3>Guest</h3>
            <p>{chat.visitorEmail ?? 'No e-mail left yet.'}</p>
          </>
        )}
      </aside>
    </div>
  );
}
