-- Live chat (issue 12, ADR 027): one conversation per shopper or guest, its messages, and who answers it.

-- A conversation belongs either to a signed-in shopper (user_id) or to a guest, who proves it with a random
-- conversation key kept in the browser; only the key's hash is stored, so a database read does not hand
-- out guests' keys.
CREATE TABLE chat_conversations (
  id text PRIMARY KEY,
  user_id text REFERENCES users(id),
  guest_key_hash text UNIQUE,
  -- Where an answer is mailed while no agent is online: the guest's address (asked by the widget).
  guest_email text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  assigned_admin_id text REFERENCES users(id),
  last_message_at timestamptz NOT NULL DEFAULT now(),
  -- Messages the visitor has not read (agents' messages), and the agents have not read (the visitor's).
  unread_by_visitor integer NOT NULL DEFAULT 0 CHECK (unread_by_visitor >= 0),
  unread_by_agent integer NOT NULL DEFAULT 0 CHECK (unread_by_agent >= 0),
  -- Set when a visitor wrote while no agent was online: the next answer is mailed as well.
  answer_by_email boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (guest_key_hash IS NULL))
);
-- A shopper has one open conversation at a time: the same one on every device and after a reload.
CREATE UNIQUE INDEX chat_conversations_user_open ON chat_conversations (user_id) WHERE status = 'open' AND user_id IS NOT NULL;
-- The agents' inbox: by status, newest activity first, stable paging.
CREATE INDEX chat_conversations_inbox ON chat_conversations (status, last_message_at DESC, id DESC);
CREATE INDEX chat_conversations_user ON chat_conversations (user_id, created_at DESC);

CREATE TABLE chat_messages (
  id bigserial PRIMARY KEY,
  conversation_id text NOT NULL REFERENCES chat_conversations(id),
  sender_kind text NOT NULL CHECK (sender_kind IN ('shopper', 'guest', 'agent')),
  -- The shopper's or agent's user id; null for a guest.
  sender_id text REFERENCES users(id),
  -- Plain text, never HTML: the web renders it as text.
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);
