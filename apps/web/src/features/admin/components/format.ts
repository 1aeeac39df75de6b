const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO date-time as the console shows it. */
export const formatWhen = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');

/** Signed coins: "+1,200" in, "−500" out. */
export const signedAmount = (amount: number) => `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${Math.abs(amount).toLocaleString('en-US')}`;
