import { formatSignedCoins } from '@store/shared';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO date-time as the console shows it. */
export const formatWhen = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');

/** Signed coins: "+1,200" in, "−500" out (the one coin format the store shows, issue 24). */
export const signedAmount = formatSignedCoins;
