import { api } from '../../lib/api.ts';

// The admin console's cache tags, added to the app's one api (lib/api.ts) only when the console loads:
// a change (an adjustment, a refund, a decision) makes the lists and details that show it ask again.
export const adminApi = api.enhanceEndpoints({
  addTagTypes: ['AdminDashboard', 'AdminUser', 'AdminOrder', 'AdminCashout', 'AdminIdentityReview', 'AdminAudit'],
});

/** What changes after any admin change: the dashboard's counts and the audit log. */
export const AFTER_ANY_CHANGE = ['AdminDashboard', 'AdminAudit'] as const;
