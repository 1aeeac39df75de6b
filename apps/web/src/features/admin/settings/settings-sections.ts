import type { FieldPath } from 'react-hook-form';
import { settingsForm, type SettingsFormOutput, type SettingsFormValues } from './settings-form.ts';

/** A group of settings with its own Save (issue 24): saving one sends the others as they are stored. */
export interface SettingsSectionSpec {
  id: 'company' | 'apps' | 'coins' | 'countries' | 'payments' | 'states' | 'cashout';
  title: string;
  /** The Save button's words. */
  save: string;
  fields: readonly (keyof SettingsFormValues)[];
}

export const SETTINGS_SECTIONS: readonly SettingsSectionSpec[] = [
  {
    id: 'company',
    title: 'Company (footer and pages)',
    save: 'Save company',
    fields: ['companyName', 'companyDescription', 'addressLines', 'phone', 'supportEmail'],
  },
  { id: 'apps', title: 'Apps', save: 'Save apps', fields: ['iosAppUrl', 'iosLatestVersion', 'androidAppUrl', 'androidLatestVersion'] },
  { id: 'coins', title: 'Coins and limits', save: 'Save coins and limits', fields: ['coinsPerDollar', 'transactionLimit'] },
  { id: 'countries', title: 'Countries', save: 'Save countries', fields: ['blockedCountries'] },
  {
    id: 'payments',
    title: 'Payment methods and card routing',
    save: 'Save payment methods',
    fields: ['enabledPaymentMethods', 'cardPrimary', 'cardFallback'],
  },
  { id: 'states', title: 'States and sales tax', save: 'Save states and tax', fields: ['whitelistedStates', 'taxRates'] },
  {
    id: 'cashout',
    title: 'Cash-out rules',
    save: 'Save cash-out rules',
    fields: ['minCoins', 'maxCoins', 'dailyLimitCoins', 'achHoldHours'],
  },
];

export const sectionFieldPaths = (section: SettingsSectionSpec) => section.fields as readonly FieldPath<SettingsFormValues>[];

export type SectionUpdate = { ok: true; update: SettingsFormOutput } | { ok: false; issues: { field: string; message: string }[] };

/**
 * The whole update a section's Save sends: what is stored, with this section's fields as typed. Another
 * section's unsaved edits stay on the page and are not sent. The checks that compare fields (the most coins a
 * request against the fewest) run here on exactly what would be sent, and name the field they refuse.
 */
export function sectionUpdate(section: SettingsSectionSpec, stored: SettingsFormValues, typed: SettingsFormValues): SectionUpdate {
  const merged: SettingsFormValues = { ...stored };
  for (const field of section.fields) (merged as Record<string, unknown>)[field] = typed[field];
  const parsed = settingsForm.safeParse(merged);
  if (parsed.success) return { ok: true, update: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })) };
}
