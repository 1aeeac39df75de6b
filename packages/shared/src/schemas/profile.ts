// The shopper's own profile (issue 10, ADR 019): PUT v1/user/profile and the avatar routes. The web form
// validates with the same schema, so the browser refuses exactly what the server would. Messages follow
// the field's label ("ZIP code must be …"), as the sign-up form's do.
import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { US_STATES } from '../us-states.ts';

/** Control characters (NUL included): PostgreSQL cannot store NUL, and none belongs in a name or an address. */
const hasControlCharacter = (value: string) => [...value].some((char) => char < ' ' || char === '\u007f');

/** Trimmed text of at most `max` characters, required unless `min` is 0, with no control character. */
const text = (max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacter(value), 'must not contain control characters');

export const PROFILE_LIMITS = { name: 60, street: 120, city: 80, region: 60, postalCode: 16 } as const;

const US_ZIP = /^\d{5}(-\d{4})?$/;
const POSTAL_CODE = /^[A-Za-z0-9 -]*$/;
const isUsStateCode = (code: string) => US_STATES.some((state) => state.code === code);

/** Whether a ZIP or postcode has the shape the country uses: 12345 or 12345-6789 in the US, else letters, digits, spaces and hyphens. */
export const postalCodeFits = (country: string, zipCode: string) =>
  zipCode.length <= PROFILE_LIMITS.postalCode && (country === 'US' ? US_ZIP : POSTAL_CODE).test(zipCode);

export const profileAddress = z
  .strictObject({
    street: text(PROFILE_LIMITS.street),
    city: text(PROFILE_LIMITS.city),
    // A US state's code when the country is US (the purchase whitelist and cash-out rules read it); a
    // region's name (or nothing) elsewhere.
    state: text(PROFILE_LIMITS.region, 0),
    zipCode: text(PROFILE_LIMITS.postalCode, 0),
    country: z.string().trim().toUpperCase().refine(isCountryCode, 'must be a country code (ISO 3166-1 alpha-2, e.g. US)'),
  })
  .superRefine((address, ctx) => {
    if (address.country === 'US') {
      if (!isUsStateCode(address.state.toUpperCase())) {
        ctx.addIssue({ code: 'custom', path: ['state'], message: 'must be the two-letter code of a US state or DC' });
      }
      if (!US_ZIP.test(address.zipCode)) {
        ctx.addIssue({ code: 'custom', path: ['zipCode'], message: 'must be a US ZIP code (12345 or 12345-6789)' });
      }
    } else if (!POSTAL_CODE.test(address.zipCode)) {
      ctx.addIssue({ code: 'custom', path: ['zipCode'], message: 'may hold only letters, digits, spaces and hyphens' });
    }
  })
  .transform((address) => (address.country === 'US' ? { ...address, state: address.state.toUpperCase() } : address));

/** PUT v1/user/profile: the whole editable profile at once (the avatar has its own routes). */
export const profileUpdateBody = z.strictObject({
  firstname: text(PROFILE_LIMITS.name),
  lastname: text(PROFILE_LIMITS.name),
  address: profileAddress,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateBody>;
export type ProfileUpdate = z.output<typeof profileUpdateBody>;

/** POST v1/user/avatar takes the image itself as the body: at most this many bytes (413 above). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** What an uploaded picture may be, told from its bytes (the declared type is not trusted). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Stored and served as a square WebP of this many pixels a side. */
export const AVATAR_SIZE = 256;

/** GET v1/user/avatar/{file}: the stored picture's key (a hash of owner and content) and its extension. */
export const avatarFileParam = z.strictObject({
  file: z.string().regex(/^[a-f0-9]{32}\.webp$/, 'must name a stored picture'),
});
