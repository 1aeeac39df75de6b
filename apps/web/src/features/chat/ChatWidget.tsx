import { Button } from '../../components/ui/index.ts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { CHAT_CONVERSATION_KEY, CHAT_MESSAGE_MAX, CHAT_OFFLINE_MESSAGE, type ChatMessage } from '@store/shared';
import { connectChat, type ChatConnection } from '../../lib/chat-socket.ts';
import { failureText, readApiFailure } from '../../lib/api-failure.ts';
import {
  readChatKey,
  storeChatKey,
  useLazyChatStateQuery,
  useMarkChatReadMutation,
  useSendChatMessageMutation,
  useSendChatTypingMutation,
  type ChatState,
} from './chat-api.ts';
import { CloseIcon, SendIcon } from './chat-icons.tsx';
import { LauncherButton } from './LauncherButton.tsx';
import './chat.css';

// The live chat widget (issue 12, ADR 027), its own lazy chunk: the launcher with the unread badge, and the
// panel with the conversation, the typing indicator and the offline state. Messages are plain text,
// rendered as React text nodes: whatever a message holds, it is never read as HTML.

export interface ChatWidgetProps {
  /** The shopper's session token; null for a guest. */
  token: string | null;
  /** Open the panel at once (the launcher was clicked before this chunk arrived). */
  initiallyOpen?: boolean;
}

/** How long "Agent is typing…" shows after the last typing signal. */
const TYPING_SHOWN_MS = 4_000;
/** At most one typing signal per this many milliseconds. */
const TYPING_EVERY_MS = 3_000;

const withMessage = (messages: ChatMessage[], message: ChatMessage) =>
  messages.some((m) => m.id === message.id) ? messages : [...messages, message].sort((a, b) => a.id - b.id);

export function ChatWidget({ token, initiallyOpen = false }: ChatWidgetProps) {
  const [fetchChatState] = useLazyChatStateQuery();
  const [sendChatMessage] = useSendChatMessageMutation();
  const [markChatRead] = useMarkChatReadMutation();
  const [sendChatTyping] = useSendChatTypingMutation();
  const [open, setOpen] = useState(initiallyOpen);
  const [state, setState] = useState<ChatState | null>(null);
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [agentTyping, setAgentTyping] = useState(false);
  const [live, setLive] = useState<{ token: string } | { chatKey: string } | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const lastTyping = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listEnd = useRef<HTMLLIElement>(null);

  // Who listens live: a shopper by the session (their conversation on every device), a guest by the key.
  useEffect(() => {
    let current = true;
    setState(null);
    fetchChatState({ token })
      .unwrap()
      .then(
        (s) => {
          if (!current) return;
          setState(s);
          const key = token ? null : readChatKey();
          if (!token && key && !s.conversation) storeChatKey(null);
          setLive(token ? { token } : key && s.conversation ? { chatKey: key } : null);
        },
        () => current && setState({ agentsOnline: false, conversation: null }),
      );
    return () => {
      current = false;
    };
  }, [token, fetchChatState]);

  const markRead = useCallback(() => {
    setState((s) => (s?.conversation && s.conversation.unread > 0 ? { ...s, conversation: { ...s.conversation, unread: 0 } } : s));
    void markChatRead({ token });
  }, [token, markChatRead]);

  useEffect(() => {
    if (!live) return;
    const connection: ChatConnection = connectChat(live, {
      chatMessage: ({ message }) => {
        setState((s) => {
          if (!s) return s;
          const conversation = s.conversation;
          if (conversation && conversation.id !== message.conversationId) return s;
          const base = conversation ?? {
            id: message.conversationId,
            status: 'open' as const,
            unread: 0,
            readByAgent: false,
            email: null,
            messages: [],
          };
          const isNew = !base.messages.some((m) => m.id === message.id);
          const fromAgent = message.senderKind === 'agent';
          return {
            ...s,
            conversation: {
              ...base,
              status: 'open',
              messages: withMessage(base.messages, message),
              unread: base.unread + (isNew && fromAgent && !openRef.current ? 1 : 0),
              readByAgent: fromAgent ? true : base.readByAgent && !isNew,
            },
          };
        });
        if (message.senderKind === 'agent') {
          setAgentTyping(false);
          if (openRef.current) void markChatRead({ token });
        }
      },
      chatTyping: ({ senderKind }) => {
        if (senderKind !== 'agent') return;
        setAgentTyping(true);
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setAgentTyping(false), TYPING_SHOWN_MS);
      },
      chatRead: ({ by }) => {
        if (by === 'agent') setState((s) => (s?.conversation ? { ...s, conversation: { ...s.conversation, readByAgent: true } } : s));
      },
      chatAgentsOnline: ({ online }) => setState((s) => (s ? { ...s, agentsOnline: online } : s)),
    });
    return () => connection.close();
  }, [live, token, markChatRead]);

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  // The session recorder (ADR 028) tags this session with the conversation, so an agent finds its replay from the chat.
  const conversationId = state?.conversation?.id;
  useEffect(() => {
    if (conversationId === undefined) return;
    try {
      window.localStorage.setItem(CHAT_CONVERSATION_KEY, String(conversationId));
    } catch {
      // Storage refused (private mode): the replay is still findable by user or order.
    }
    window.dispatchEvent(new CustomEvent(CHAT_CONVERSATION_KEY, { detail: String(conversationId) }));
  }, [conversationId]);

  useEffect(() => {
    if (open && state?.conversation?.unread) markRead();
  }, [open, state?.conversation?.unread, markRead]);

  const messageCount = state?.conversation?.messages.length ?? 0;
  useEffect(() => {
    if (open) listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [open, messageCount, agentTyping]);

  const conversation = state?.conversation ?? null;
  const offline = state ? !state.agentsOnline : false;
  const needsEmail = offline && !token && !conversation?.email;
  const unread = conversation?.unread ?? 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    setError(null);
    try {
      const sent = await sendChatMessage({ caller: { token }, body: { text, ...(needsEmail && email ? { email } : {}) } }).unwrap();
      if (sent.conversationKey) storeChatKey(sent.conversationKey);
      setDraft('');
      setState((s) => ({
        agentsOnline: s?.agentsOnline ?? false,
        conversation: { ...sent.conversation, messages: withMessage(sent.conversation.messages, sent.message) },
      }));
      if (!token && sent.conversationKey) setLive({ chatKey: sent.conversationKey });
    } catch (err) {
      const failure = readApiFailure(err);
      // A key the server no longer knows: forget it, the next message starts a new conversation.
      if (failure.status === 404 && !token) storeChatKey(null);
      setError({
        message: failureText(err, 'The message was not sent. Please try again.'),
        ...(failure.field ? { field: failure.field } : {}),
      });
    } finally {
      setSending(false);
    }
  }

  function onDraftChange(value: string) {
    setDraft(value);
    const now = Date.now();
    if (conversation && value && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      void sendChatTyping({ token });
    }
  }

  const lastOwn = conversation?.messages.filter((m) => m.senderKind !== 'agent').at(-1);

  return (
    <div className="chat-widget">
      {open && (
        <section className="chat-panel" role="dialog" aria-label="Chat with us">
          <header className="chat-panel__header">
            <h2>Chat with us</h2>
            <button type="button" className="icon-button chat-panel__close" aria-label="Close chat" onClick={() => setOpen(false)}>
              <CloseIcon />
            </button>
          </header>
          {offline && (
            <p className="chat-panel__offline" role="status">
              {CHAT_OFFLINE_MESSAGE}
            </p>
          )}
          <ol className="chat-panel__messages" aria-label="Messages" aria-live="polite">
            {!conversation?.messages.length && (
              <li className="chat-panel__empty">Ask us anything about coins, gift cards or your orders.</li>
            )}
            {conversation?.messages.map((m) => (
              <li key={m.id} className={`chat-message chat-message--${m.senderKind === 'agent' ? 'agent' : 'own'}`}>
                <span className="chat-message__who">{m.senderKind === 'agent' ? 'Agent' : 'You'}</span>
                <p className="chat-message__text">{m.text}</p>
              </li>
            ))}
            {agentTyping && <li className="chat-panel__typing">Agent is typing…</li>}
            <li ref={listEnd} aria-hidden="true" className="chat-panel__end" />
          </ol>
          {lastOwn && conversation?.readByAgent && <p className="chat-panel__receipt">Read by an agent</p>}
          <form className="chat-panel__form" onSubmit={(e) => void onSubmit(e)} noValidate>
            {needsEmail && (
              <label className="chat-panel__email">
                Your e-mail, for our answer
                <input
                  type="email"
                  name="email"
                  required
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={error?.field === 'email' || undefined}
                />
              </label>
            )}
            <label className="chat-panel__label">
              <span className="sr-only">Message</span>
              <textarea
                name="text"
                rows={2}
                maxLength={CHAT_MESSAGE_MAX}
                placeholder="Type your message…"
                value={draft}
                onChange={(e) => onDraftChange(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    e.currentTarget.form?.requestSubmit();
                  }
                }}
                aria-invalid={error?.field === 'text' || undefined}
              />
            </label>
            {error && (
              <p className="chat-panel__error" role="alert">
                {error.message}
              </p>
            )}
            <Button type="submit" className="chat-panel__send" disabled={sending || !draft.trim() || (needsEmail && !email.trim())}>
              <SendIcon />
              Send
            </Button>
          </form>
        </section>
      )}
      <LauncherButton
        label={unread > 0 ? `Open chat, ${unread} unread` : 'Open chat'}
        expanded={open}
        // Opens only (the panel's Close button closes): a second click while the panel appears keeps it open.
        onClick={() => setOpen(true)}
      >
        {unread > 0 && (
          <span className="chat-launcher__badge" data-testid="chat-unread">
            {unread}
          </span>
        )}
      </LauncherButton>
    </div>
  );
}
