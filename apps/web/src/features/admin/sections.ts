import type { ComponentType } from 'react';

// The admin console's sections (issue 12). The console page (pages/AdminPage.tsx) shows one nav entry
// per section and mounts the section at /admin/<path>/*; each section is its own lazy chunk, so the
// console's first load carries only the shell. Every area of the console adds its line here.
export interface AdminSection {
  /** The URL segment after /admin/. */
  path: string;
  /** The nav label. */
  label: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const adminSections: AdminSection[] = [
  { path: 'dashboard', label: 'Dashboard', load: () => import('./dashboard/DashboardSection.tsx') },
  { path: 'users', label: 'Users', load: () => import('./users/UsersSection.tsx') },
  { path: 'orders', label: 'Orders', load: () => import('./orders/OrdersSection.tsx') },
  { path: 'identity-reviews', label: 'Identity reviews', load: () => import('./identity-reviews/IdentityReviewsSection.tsx') },
  { path: 'cashouts', label: 'Cash-outs', load: () => import('./cashouts/CashoutsSection.tsx') },
  { path: 'audit', label: 'Audit log', load: () => import('./audit/AuditSection.tsx') },
  { path: 'catalogue', label: 'Catalogue', load: () => import('./catalogue/CatalogueSection.tsx') },
  { path: 'promotions', label: 'Promotions', load: () => import('./promotions/PromotionsSection.tsx') },
  { path: 'coupons', label: 'Coupons', load: () => import('./coupons/CouponsSection.tsx') },
  { path: 'settings', label: 'Settings', load: () => import('./settings/SettingsSection.tsx') },
  { path: 'chats', label: 'Chats', load: () => import('./chat/InboxSection.tsx') },
  { path: 'recordings', label: 'Recordings', load: () => import('./recordings/RecordingsSection.tsx') },
];
