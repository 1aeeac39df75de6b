import type {
  adminRevokeSessionsResponse,
  adminUserDetailResponse,
  adminUsersResponse,
  AdminRevokeSessionsResult,
  kycResetResponse,
  walletAdjustmentResponse,
  WalletAdjustmentBody,
} from '@store/shared';
import { IDEMPOTENCY_KEY_HEADER } from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi, AFTER_ANY_CHANGE } from '../admin-api.ts';

export type AdminUserPage = ResponseData<typeof adminUsersResponse>;
export type AdminUserDetail = ResponseData<typeof adminUserDetailResponse>;
export type WalletAdjustment = ResponseData<typeof walletAdjustmentResponse>;
export type VerificationReset = ResponseData<typeof kycResetResponse>;

export interface AdminUserSearch {
  q?: string;
  page: number;
}

const userTag = (id: string) => [{ type: 'AdminUser' as const, id }, ...AFTER_ANY_CHANGE];

export const usersApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/admin/users: ?q= the start of the e-mail or a name; 20 a page. */
    adminUsers: b.query<AdminUserPage, AdminUserSearch>({
      query: ({ q, page }) => ({ url: 'v1/admin/users', params: { page, ...(q ? { q } : {}) } }),
      transformResponse: responseData<typeof adminUsersResponse>(),
      providesTags: [{ type: 'AdminUser', id: 'LIST' }],
    }),
    /** GET v1/admin/users/:id: profile, verification record, the three wallets, recent ledger. */
    adminUser: b.query<AdminUserDetail, string>({
      query: (id) => `v1/admin/users/${encodeURIComponent(id)}`,
      transformResponse: responseData<typeof adminUserDetailResponse>(),
      providesTags: (_r, _e, id) => [{ type: 'AdminUser', id }],
    }),
    /** POST v1/admin/users/:id/revoke-sessions (auth module, ADR 025). */
    revokeUserSessions: b.mutation<AdminRevokeSessionsResult, string>({
      query: (id) => ({ url: `v1/admin/users/${encodeURIComponent(id)}/revoke-sessions`, method: 'POST' }),
      transformResponse: responseData<typeof adminRevokeSessionsResponse>(),
      invalidatesTags: (_r, _e, id) => userTag(id),
    }),
    /**
     * POST v1/admin/wallet/adjustments (wallet module): coins in or out of one wallet, with a reason. The
     * Idempotency-Key names the adjustment meant: a retry with the same key is answered, not applied twice.
     */
    adjustWallet: b.mutation<WalletAdjustment, WalletAdjustmentBody & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: 'v1/admin/wallet/adjustments',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      transformResponse: responseData<typeof walletAdjustmentResponse>(),
      invalidatesTags: (_r, _e, body) => userTag(body.userId),
    }),
    /** POST v1/admin/kyc/:userId/reset (kyc module): the shopper may verify again. */
    resetVerification: b.mutation<VerificationReset, string>({
      query: (userId) => ({ url: `v1/admin/kyc/${encodeURIComponent(userId)}/reset`, method: 'POST' }),
      transformResponse: responseData<typeof kycResetResponse>(),
      invalidatesTags: (_r, _e, id) => [...userTag(id), 'AdminIdentityReview'],
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useAdminUserQuery,
  useRevokeUserSessionsMutation,
  useAdjustWalletMutation,
  useResetVerificationMutation,
} = usersApi;
