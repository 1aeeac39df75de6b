// The admin console's catalogue (issue 12, ADR 023): coin packages and gift cards, their pictures, and the
// stock of gift-card codes. Every edit carries the `version` the admin's copy was read at, so of two admins
// editing the same item the second is refused (409). Prices are integer cents, coins integer.
import { z } from 'zod';
import { bonusType } from './catalog.ts';

/** Whole numbers in a query string: digits only (a plain coercion reads '' as 0 and '1e2' as 100). */
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number, digits only')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

const pageInfo = { page: z.number().int().positive(), limit: z.number().int().positive(), hasMore: z.boolean() };

/** On sale; listed but sold out (greyed, not buyable); or hidden (off the shop altogether, not buyable). */
export const CATALOGUE_AVAILABILITIES = ['available', 'soldOut', 'hidden'] as const;
export const catalogueAvailability = z.enum(CATALOGUE_AVAILABILITIES);
export type CatalogueAvailability = z.infer<typeof catalogueAvailability>;

export const CATALOGUE_KINDS = ['product', 'giftCard'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** Display order: lower first. */
export const CATALOGUE_MAX_POSITION = 1_000_000;
export const CATALOGUE_MAX_PRICE_CENTS = 100_000_000;

/** A picture shipped with the store or uploaded through the console: a path under /assets/products/. */
export const CATALOGUE_IMAGE_PATH = /^\/assets\/products\/(uploads\/[a-f0-9]{32}\.webp|[A-Za-z0-9][A-Za-z0-9._-]{0,99})$/;

const version = z.number().int().positive();
const position = z.number().int().min(0).max(CATALOGUE_MAX_POSITION);

const itemFields = {
  name: z.string().trim().min(1, 'must not be empty').max(120),
  description: z.string().trim().max(2_000).default(''),
  image: z.string().regex(CATALOGUE_IMAGE_PATH, 'must be a picture uploaded here or shipped with the store (/assets/products/…)'),
  /** Integer cents. */
  price: z.number().int().min(1, 'must be at least 1 cent').max(CATALOGUE_MAX_PRICE_CENTS),
  coins: z.number().int().min(0).max(1_000_000_000),
  bonusType: bonusType.nullable().default(null),
  bonusAmount: z.number().int().min(1).max(1_000_000_000).nullable().default(null),
  availability: catalogueAvailability.default('available'),
  position: position.default(0),
};
const giftCardFields = { ...itemFields, brand: z.string().trim().min(1, 'must not be empty').max(60) };

/** A bonus has both a type and an amount, or neither; a percentage is at most 100. */
function bonusRules(value: { bonusType: string | null; bonusAmount: number | null }, ctx: z.RefinementCtx) {
  if (value.bonusType !== null && value.bonusAmount === null) {
    ctx.addIssue({ code: 'custom', path: ['bonusAmount'], message: 'is required with a bonus type' });
  }
  if (value.bonusType === null && value.bonusAmount !== null) {
    ctx.addIssue({ code: 'custom', path: ['bonusType'], message: 'is required with a bonus amount' });
  }
  if (value.bonusType === 'PERCENTAGE' && value.bonusAmount !== null && value.bonusAmount > 100) {
    ctx.addIssue({ code: 'custom', path: ['bonusAmount'], message: 'a percentage bonus is at most 100' });
  }
}

export const adminProductInput = z.strictObject(itemFields).superRefine(bonusRules);
export type AdminProductInput = z.input<typeof adminProductInput>;
export const adminProductUpdate = z.strictObject({ ...itemFields, version }).superRefine(bonusRules);
export type AdminProductUpdate = z.input<typeof adminProductUpdate>;
export const adminGiftCardInput = z.strictObject(giftCardFields).superRefine(bonusRules);
export type AdminGiftCardInput = z.input<typeof adminGiftCardInput>;
export const adminGiftCardUpdate = z.strictObject({ ...giftCardFields, version }).superRefine(bonusRules);
export type AdminGiftCardUpdate = z.input<typeof adminGiftCardUpdate>;

/** PUT …/{id}/availability */
export const adminAvailabilityUpdate = z.strictObject({ availability: catalogueAvailability, version });
export type AdminAvailabilityUpdate = z.infer<typeof adminAvailabilityUpdate>;
/** PUT …/{id}/position */
export const adminPositionUpdate = z.strictObject({ position, version });
export type AdminPositionUpdate = z.infer<typeof adminPositionUpdate>;

export const adminCatalogueItem = z.object({
  id: z.string(),
  kind: z.enum(CATALOGUE_KINDS),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  price: z.number().int(),
  coins: z.number().int(),
  bonusType: bonusType.nullable(),
  bonusAmount: z.number().int().nullable(),
  availability: catalogueAvailability,
  position: z.number().int(),
  /** Gift cards only; null for a coin package. */
  brand: z.string().nullable(),
  version,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCatalogueItem = z.infer<typeof adminCatalogueItem>;

/** GET v1/admin/catalog/products and …/gift-cards: by position, then name. q: part of the name (or brand), any case. */
export const adminCatalogueQuery = z.strictObject({
  page: wholeNumber(10_000).default(1),
  limit: wholeNumber(100).default(20),
  q: z.string().trim().min(1, 'must not be empty').max(120).optional(),
  availability: catalogueAvailability.optional(),
});
export type AdminCatalogueQuery = z.input<typeof adminCatalogueQuery>;

export const adminCatalogueListResponse = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(adminCatalogueItem), ...pageInfo }),
});
export type AdminCatalogueListResponse = z.infer<typeof adminCatalogueListResponse>;
export const adminCatalogueItemResponse = z.object({ success: z.literal(true), data: adminCatalogueItem });

// --- pictures ---

/** The largest picture an admin may upload (413 above). */
export const CATALOGUE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The stored picture's size: the longest side, never enlarged. */
export const CATALOGUE_IMAGE_MAX_SIDE = 800;
export const adminCatalogueImageResponse = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type AdminCatalogueImage = z.infer<typeof adminCatalogueImageResponse>['data'];

// --- gift-card code stock ---

/** The largest CSV of codes (413 above), and the most rows it may hold. */
export const GIFT_CODE_CSV_MAX_BYTES = 1024 * 1024;
export const GIFT_CODE_CSV_MAX_ROWS = 10_000;
/** A code: 4 to 64 letters, digits and hyphens. */
export const GIFT_CODE_PATTERN = /^[A-Za-z0-9-]{4,64}$/;

/** skip (default): refused rows are left out and the rest is taken; reject: any refused row takes nothing. */
export const adminCodeImportQuery = z.strictObject({ onRefused: z.enum(['skip', 'reject']).default('skip') });
export type AdminCodeImportQuery = z.input<typeof adminCodeImportQuery>;

export const GIFT_CODE_REFUSALS = [
  'empty',
  'tooLong',
  'tooShort',
  'badCharacters',
  /** Starts with = + - @ (or their full-width forms), a tab or a carriage return: a spreadsheet formula. */
  'formulaLeading',
  'columnCount',
  'duplicateInFile',
  'alreadyInStock',
  /** The code is already in the store and was sold to a shopper (issue 24: the report says so). */
  'alreadySold',
] as const;
export const adminCodeRefusal = z.object({
  /** 1-based line of the file. */
  line: z.number().int().positive(),
  /** The refused code, when the row held one that looks like a code: the admin's own file, so a sold code too (issue 24). */
  code: z.string().optional(),
  reason: z.enum(GIFT_CODE_REFUSALS),
  message: z.string(),
});
export type AdminCodeRefusal = z.infer<typeof adminCodeRefusal>;

export const adminCodeStock = z.object({
  giftCardId: z.string(),
  /** On sale: not held by a payment, not sold. */
  free: z.number().int(),
  /** Held by an order being paid. */
  reserved: z.number().int(),
  sold: z.number().int(),
});
export type AdminCodeStock = z.infer<typeof adminCodeStock>;
export const adminCodeStockResponse = z.object({ success: z.literal(true), data: adminCodeStock });

export const adminCodeImportResponse = z.object({
  success: z.literal(true),
  data: z.object({
    /** Codes added to the stock. */
    taken: z.number().int(),
    refused: z.array(adminCodeRefusal),
    onRefused: z.enum(['skip', 'reject']),
    stock: adminCodeStock,
  }),
});
export type AdminCodeImportReport = z.infer<typeof adminCodeImportResponse>['data'];
