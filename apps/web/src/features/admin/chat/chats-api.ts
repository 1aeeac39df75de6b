import type { adminChatAnswerResponse, adminChatDetailResponse, adminChatResponse, adminChatsResponse } from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi, AFTER_ANY_CHANGE } from '../admin-api.ts';

// The agents' inbox calls (ADR 027). The live namespace tells the inbox when to ask again.

export type AdminChatPage = ResponseData<typeof adminChatsResponse>;
export type AdminChatDetail = ResponseData<typeof adminChatDetailResponse>;

export interface AdminChatFilter {
  status: 'open' | 'closed';
  assigned: 'me' | 'unassigned' | 'any';
  page: number;
}

const chatsApi = adminApi.enhanceEndpoints({ addTagTypes: ['AdminChat'] }).injectEndpoints({
  endpoints: (b) => ({
    adminChats: b.query<AdminChatPage, AdminChatFilter>({
      query: (params) => ({ url: 'v1/admin/chats', params }),
      transformResponse: responseData<typeof adminChatsResponse>(),
      providesTags: [{ type: 'AdminChat', id: 'LIST' }],
    }),
    adminChat: b.query<AdminChatDetail, string>({
      query: (id) => `v1/admin/chats/${encodeURIComponent(id)}`,
      transformResponse: responseData<typeof adminChatDetailResponse>(),
      providesTags: (_r, _e, id) => [{ type: 'AdminChat', id }],
    }),
    assignChat: b.mutation<ResponseData<typeof adminChatResponse>, string>({
      query: (id) => ({ url: `v1/admin/chats/${encodeURIComponent(id)}/assign`, method: 'POST' }),
      transformResponse: responseData<typeof adminChatResponse>(),
      invalidatesTags: (_r, _e, id) => [{ type: 'AdminChat', id }, { type: 'AdminChat', id: 'LIST' }, ...AFTER_ANY_CHANGE],
    }),
    closeChat: b.mutation<ResponseData<typeof adminChatResponse>, string>({
      query: (id) => ({ url: `v1/admin/chats/${encodeURIComponent(id)}/close`, method: 'POST' }),
      transformResponse: responseData<typeof adminChatResponse>(),
      invalidatesTags: (_r, _e, id) => [{ type: 'AdminChat', id }, { type: 'AdminChat', id: 'LIST' }, ...AFTER_ANY_CHANGE],
    }),
    answerChat: b.mutation<ResponseData<typeof adminChatAnswerResponse>, { id: string; text: string }>({
      query: ({ id, text }) => ({ url: `v1/admin/chats/${encodeURIComponent(id)}/answer`, method: 'POST', body: { text } }),
      transformResponse: responseData<typeof adminChatAnswerResponse>(),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'AdminChat', id }, { type: 'AdminChat', id: 'LIST' }, ...AFTER_ANY_CHANGE],
    }),
    readChat: b.mutation<unknown, string>({
      query: (id) => ({ url: `v1/admin/chats/${encodeURIComponent(id)}/read`, method: 'POST' }),
      invalidatesTags: [{ type: 'AdminChat', id: 'LIST' }],
    }),
    chatTyping: b.mutation<unknown, string>({
      query: (id) => ({ url: `v1/admin/chats/${encodeURIComponent(id)}/typing`, method: 'POST' }),
    }),
  }),
});

export const {
  useAdminChatsQuery,
  useAdminChatQuery,
  useAssignChatMutation,
  useCloseChatMutation,
  useAnswerChatMutation,
  useReadChatMutation,
  useChatTypingMutation,
} = chatsApi;

/** Makes the inbox and one conversation ask again (a live event arrived). */
export const invalidateChats = (id?: string) =>
  chatsApi.util.invalidateTags([{ type: 'AdminChat', id: 'LIST' }, ...(id ? [{ type: 'AdminChat' as const, id }] : [])]);
