import { AUTH_HEADER, CHAT_KEY_HEADER, CHAT_KEY_STORAGE, NGROK_HEADER, type ChatConversation, type ChatMessage } from '@store/shared';

// The widget's calls (ADR 027). Plain fetch rather than the app's api slice: the widget is its own lazy
// chunk, shows its own errors, and a guest's calls carry the conversation key instead of a session.

export interface ChatCaller {
  /** The shopper's session token; null for a guest. */
  token: string | null;
}

export function readChatKey(): string | null {
  try {
    return window.localStorage.getItem(CHAT_KEY_STORAGE);
  } catch {
    return null;
  }
}

export function storeChatKey(key: string | null): void {
  try {
    if (key) window.localStorage.setItem(CHAT_KEY_STORAGE, key);
    else window.localStorage.removeItem(CHAT_KEY_STORAGE);
  } catch {
    // Private mode without storage: the conversation lasts as long as the page.
  }
}

function headers({ token }: ChatCaller, json = false): Record<string, string> {
  const h: Record<string, string> = { [NGROK_HEADER]: '1' };
  if (json) h['content-type'] = 'application/json';
  if (token) h[AUTH_HEADER] = token;
  else {
    const key = readChatKey();
    if (key) h[CHAT_KEY_HEADER] = key;
  }
  return h;
}

export class ChatApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

async function call<T>(caller: ChatCaller, path: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(`/api/v1/chat${path}`, window.location.origin), {
    method: body === undefined ? 'GET' : 'POST',
    headers: headers(caller, body !== undefined),
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: T; message?: string; field?: string };
  if (!res.ok) throw new ChatApiError(json.message ?? 'The chat is not available right now.', res.status, json.field);
  return json.data as T;
}

export interface ChatState {
  agentsOnline: boolean;
  conversation: ChatConversation | null;
}

export const fetchChat = (caller: ChatCaller) => call<ChatState>(caller, '');

export async function sendChatMessage(caller: ChatCaller, body: { text: string; email?: string }) {
  const data = await call<{ conversation: ChatConversation; message: ChatMessage; conversationKey?: string }>(caller, '/messages', body);
  if (data.conversationKey) storeChatKey(data.conversationKey);
  return data;
}

export const markChatRead = (caller: ChatCaller) => call<unknown>(caller, '/read', {});
export const sendChatTyping = (caller: ChatCaller) => call<unknown>(caller, '/typing', {});
