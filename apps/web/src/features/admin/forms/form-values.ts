// What the console's forms type (text in inputs) read as the API's values: whole numbers, money in
// integer cents, percentages in basis points, local date-times as ISO instants. Pure, so the form schemas
// and their tests share them.

/** '12' → 12; anything but digits is refused. */
export const WHOLE = /^\d{1,9}$/;
/** '4.99' or '4' → dollars with at most two decimals. */
export const DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;
/** '8.25' → a percentage with at most two decimals. */
export const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** Dollars typed ('4.99') as integer cents (499), without floating-point drift. */
export function dollarsToCents(text: string): number {
  const [whole, fraction = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function centsToDollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A percentage typed ('8.25') as basis points (825). */
export function percentToBps(text: string): number {
  const [whole, fraction = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function bpsToPercent(bps: number): string {
  const fraction = bps % 100;
  return fraction === 0 ? String(bps / 100) : `${Math.floor(bps / 100)}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

/** An <input type="datetime-local"> value ('2026-12-01T09:30', the admin's own time) as an ISO instant. */
export function localToIso(value: string): string {
  return new Date(value).toISOString();
}

/** An ISO instant as the admin's local 'YYYY-MM-DDTHH:mm' for a datetime-local input. */
export function isoToLocal(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const isLocalDateTime = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) && !Number.isNaN(Date.parse(value));
