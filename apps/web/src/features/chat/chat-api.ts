import {
  AUTH_HEADER,
  CHAT_KEY_HEADER,
  CHAT_KEY_STORAGE,
  type ChatSendBody,
  type chatOkResponse,
  type chatSendResponse,
  type chatStateResponse,
} from '@store/shared';
import { api } from '../../lib/api.ts';
import { responseData, type ResponseData } from '../../lib/api-response.ts';

// The widget's calls (ADR 027), RTK Query endpoints injected by the widget's own lazy chunk (so a guest who
// never opens the chat does not load them). The widget shows its own errors (skipErrorHandler), and it names
// who calls: a shopper by their session token, a guest by the conversation key kept in Web Storage.

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

/** The shopper's token, or else the guest's conversation key (read when the call is made). */
function callerHeaders({ token }: ChatCaller): Record<string, string> {
  if (token) return { [AUTH_HEADER]: token };
  const key = readChatKey();
  return key ? { [CHAT_KEY_HEADER]: key } : {};
}

export type ChatState = ResponseData<typeof chatStateResponse>;
export type ChatSent = ResponseData<typeof chatSendResponse>;

// The caller's own header, not the store's token: noAuth keeps the base query from adding it.
const quiet = { skipErrorHandler: true, noAuth: true };

const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    chatState: build.query<ChatState, ChatCaller>({
      query: (caller) => ({ url: 'v1/chat', headers: callerHeaders(caller) }),
      transformResponse: responseData<typeof chatStateResponse>(),
      extraOptions: quiet,
      // The widget keeps the conversation in its own state, moved on by live events: nothing to share.
      keepUnusedDataFor: 0,
    }),
    sendChatMessage: build.mutation<ChatSent, { caller: ChatCaller; body: ChatSendBody }>({
      query: ({ caller, body }) => ({ url: 'v1/chat/messages', method: 'POST', body, headers: callerHeaders(caller) }),
      transformResponse: responseData<typeof chatSendResponse>(),
      extraOptions: quiet,
    }),
    markChatRead: build.mutation<ResponseData<typeof chatOkResponse>, ChatCaller>({
      query: (caller) => ({ url: 'v1/chat/read', method: 'POST', body: {}, headers: callerHeaders(caller) }),
      transformResponse: responseData<typeof chatOkResponse>(),
      extraOptions: quiet,
    }),
    sendChatTyping: build.mutation<ResponseData<typeof chatOkResponse>, ChatCaller>({
      query: (caller) => ({ url: 'v1/chat/typing', method: 'POST', body: {}, headers: callerHeaders(caller) }),
      transformResponse: responseData<typeof chatOkResponse>(),
      extraOptions: quiet,
    }),
  }),
});

export const { useLazyChatStateQuery, useSendChatMessageMutation, useMarkChatReadMutation, useSendChatTypingMutation } = chatApi;
