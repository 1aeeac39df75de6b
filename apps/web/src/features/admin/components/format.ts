import { formatDateTime, formatSignedCoins } from '@store/shared';

/** An ISO date-time as the console shows it. */
export const formatWhen = (iso: string | null | undefined) => formatDateTime(iso);

/** Signed coins: "+1,200" in, "−500" out (the one coin format the store shows, issue 24). */
export const signedAmount = formatSignedCoins;
