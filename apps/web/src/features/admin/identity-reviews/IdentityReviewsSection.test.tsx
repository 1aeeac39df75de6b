// The identity review queue as an operator reads it (issue 24): the shopper by name and e-mail, the record in
// words, and the evidence the provider returned; a decision asked for, confirmed, and sent with its reason.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AUTH_TOKEN_KEY } from '@store/shared';
import { storage } from '../../../lib/storage.ts';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import IdentityReviewsSection from './IdentityReviewsSection.tsx';

beforeEach(() => storage.set(AUTH_TOKEN_KEY, 'tok_admin'));

const review = {
  userId: 'u1',
  email: 'mei@example.com',
  firstname: 'Mei',
  lastname: 'Lin',
  attempts: 1,
  decision: 'REJECTED',
  status: 'DONE',
  reason: 'rejected',
  updatedAt: '2026-11-29T10:00:00.000Z',
  evidence: {
    label: 'REJECTED',
    riskScore: 90,
    checks: [
      { capability: 'usability', decision: 'PASSED', label: 'OK' },
      { capability: 'imageChecks', decision: 'REJECTED', label: 'DIGITAL_COPY' },
      { capability: 'extraction', decision: 'NOT_EXECUTED', label: 'PRECONDITION_NOT_FULFILLED' },
      { capability: 'similarity', decision: 'PASSED', label: 'MATCH' },
    ],
    document: { type: 'DRIVING_LICENSE', issuingCountry: 'USA', expiryDate: '2030-06-30' },
  },
};
const listed = (reviews: unknown[]) => ({ body: { success: true, data: { reviews, page: 1, limit: 20, hasMore: false } } });

describe('IdentityReviewsSection', () => {
  it('shows the evidence the provider returned, in words, beside the record', async () => {
    mockApi({ 'GET v1/admin/identity-reviews': listed([review, { ...review, userId: 'u2', email: 'kai@example.com', evidence: null }]) });
    renderRoutes([{ path: '/admin/identity-reviews/*', element: <IdentityReviewsSection /> }], { path: '/admin/identity-reviews' });
    const [first, second] = await screen.findAllByTestId('admin-identity-review-row');
    const checks = within(first!).getByRole('list', { name: 'Checks the provider ran' });
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Image quality: Passed',
      'Image checks: Rejected — Digital copy',
      'Data extraction: Not carried out — Precondition not fulfilled',
      'Face match: Passed — Match',
    ]);
    expect(first).toHaveTextContent('Document: Driving license, issued by USA, expires 2030-06-30');
    expect(first).toHaveTextContent('Risk score 90 of 100');
    expect(first).toHaveTextContent('Mei Lin (mei@example.com)');
    expect(first).not.toHaveTextContent('DIGITAL_COPY');
    expect(second).toHaveTextContent('No finished check yet.');
  });

  it('decides only with a reason, after the confirmation, and says what was done', async () => {
    const net = mockApi({
      'GET v1/admin/identity-reviews': listed([review]),
      'POST v1/admin/identity-reviews/u1/reject': { body: { success: true, data: { userId: 'u1', decision: 'REJECTED', status: 'DONE' } } },
    });
    const { user } = renderRoutes([{ path: '/admin/identity-reviews/*', element: <IdentityReviewsSection /> }], {
      path: '/admin/identity-reviews',
    });
    const row = await screen.findByTestId('admin-identity-review-row');
    expect(within(row).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await user.type(within(row).getByLabelText('Reason (required)'), 'Screen photo of the licence');
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    await user.click(within(row).getByRole('group', { name: 'Confirm: Reject' }).querySelector('button')!);
    // Said above the queue (the row may leave it once the list is asked again).
    expect((await screen.findAllByText("mei@example.com's identity check is rejected.")).length).toBeGreaterThan(0);
    expect(net.find('POST v1/admin/identity-reviews/u1/reject')!.body).toEqual({ reason: 'Screen photo of the licence' });
  });
});
