import { BONUS_TYPE_PERCENTAGE } from './constants.ts';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** SPEC §9: below 10000 shows 2 decimals; otherwise a compact en-US form (K, M) with up to 2 decimals. */
export function formatBalance(value: number): string {
  return Math.abs(value) < 10000 ? twoDecimals.format(value) : compact.format(value);
}

/** The three wallets summed (SPEC §3 User profile). */
export function totalBalance(coins: { purchasedWallet: number; winWallet: number; stackingWallet: number } | null | undefined): number {
  if (!coins) return 0;
  return coins.purchasedWallet + coins.winWallet + coins.stackingWallet;
}

/** SPEC §2 Product grid: '% Bonus' for PERCENTAGE, 'LDC Bonus' otherwise. */
export function bonusTag(bonusType: string, amount: number): string {
  return bonusType === BONUS_TYPE_PERCENTAGE ? `${amount}% Bonus` : `${amount} LDC Bonus`;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents to a dollar string with separators, e.g. 1999 -> "$19.99", 999999 -> "$9,999.99" (issue 24). */
export function formatCents(cents: number): string {
  return dollars.format(cents / 100);
}

/** An order's number as people read it, e.g. 100042 -> "#100042" (issue 24; orders.number, migration 0046). */
export function formatOrderNumber(orderNumber: number): string {
  return `#${orderNumber}`;
}

const wholeCoins = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Coins as a whole number with thousands separators, e.g. 14150 -> "14,150" (issue 24: no ".00" on coins). */
export function formatCoins(coins: number): string {
  return wholeCoins.format(coins);
}

/** Coins moved in or out: "+1,200", "−500" (a true minus sign), "0". */
export function formatSignedCoins(amount: number): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  return `${sign}${formatCoins(Math.abs(amount))}`;
}

const dateTimeIn = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as people read it, one way across the store, the console and the messages (issue 24):
 * "30 Nov 2026, 22:35". In the reader's own time zone unless one is named (the server names UTC, as it does
 * not know the reader's). An unreadable or missing date is "—".
 */
export function formatDateTime(at: string | number | Date | null | undefined, timeZone?: string): string {
  if (at === null || at === undefined || at === '') return '—';
  const moment = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(moment.getTime())) return '—';
  const key = timeZone ?? '';
  let format = dateTimeIn.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    dateTimeIn.set(key, format);
  }
  return format.format(moment);
}
