import type { adminIdentityReviewResponse, AdminIdentityReviewResult, adminIdentityReviewsResponse } from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi, AFTER_ANY_CHANGE } from '../admin-api.ts';

export type IdentityReviewPage = ResponseData<typeof adminIdentityReviewsResponse>;

export const identityReviewsApi = adminApi.injectEndpoints({
  endpoints: (b) => ({
    /** GET v1/admin/identity-reviews: the checks waiting for a person, longest-waiting first. */
    identityReviews: b.query<IdentityReviewPage, { page: number }>({
      query: ({ page }) => ({ url: 'v1/admin/identity-reviews', params: { page } }),
      transformResponse: responseData<typeof adminIdentityReviewsResponse>(),
      providesTags: ['AdminIdentityReview'],
    }),
    /** POST v1/admin/identity-reviews/:userId/approve | reject, with the reason. */
    reviewIdentity: b.mutation<AdminIdentityReviewResult, { userId: string; verb: 'approve' | 'reject'; reason: string }>({
      query: ({ userId, verb, reason }) => ({
        url: `v1/admin/identity-reviews/${encodeURIComponent(userId)}/${verb}`,
        method: 'POST',
        body: { reason },
      }),
      transformResponse: responseData<typeof adminIdentityReviewResponse>(),
      // Also after a 409: the queue then shows what the other admin left.
      invalidatesTags: (_r, _e, { userId }) => ['AdminIdentityReview', { type: 'AdminUser', id: userId }, ...AFTER_ANY_CHANGE],
    }),
  }),
});

export const { useIdentityReviewsQuery, useReviewIdentityMutation } = identityReviewsApi;
