// Checks a card the way the hosted fields promise: Luhn-valid number, a month not yet past, a CVV of
// the length the brand uses. Pure functions, shared by the vault endpoint and its tests.
import { VAULT_INVALID_CARD, VAULT_INVALID_CVV, VAULT_INVALID_EXPIRY } from '@store/shared';

export type CardBrand = 'visa' | 'masterCard' | 'americanExpress' | 'discover' | 'unknown';

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'masterCard';
  if (/^3[47]/.test(digits)) return 'americanExpress';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** 'MM/YY' (or MM/YYYY) → month and full year; null when malformed or already past. */
export function parseExpiry(expiry: string, now = new Date()): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const expYear = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  // A card is good through the last day of its expiry month.
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (expYear * 12 + (expMonth - 1) < thisMonth) return null;
  if (expYear > now.getUTCFullYear() + 25) return null;
  return { expMonth, expYear };
}

export const cvvValid = (cvv: string, brand: CardBrand = 'unknown'): boolean =>
  brand === 'americanExpress' ? /^\d{4}$/.test(cvv) : brand === 'unknown' ? /^\d{3,4}$/.test(cvv) : /^\d{3}$/.test(cvv);

export interface CheckedCard {
  number: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Returns the card or the message the card frame shows (SPEC wording). */
export function checkCard(
  input: { number: string; expiry: string; cvv?: string },
  now = new Date(),
): CheckedCard | { error: string; field: string } {
  const number = input.number.replace(/[\s-]/g, '');
  if (!luhnValid(number)) return { error: VAULT_INVALID_CARD, field: 'number' };
  const expiry = parseExpiry(input.expiry, now);
  if (!expiry) return { error: VAULT_INVALID_EXPIRY, field: 'expiry' };
  const brand = brandOf(number);
  if (input.cvv !== undefined && !cvvValid(input.cvv, brand)) return { error: VAULT_INVALID_CVV, field: 'cvv' };
  return { number, brand, last4: number.slice(-4), ...expiry };
}
