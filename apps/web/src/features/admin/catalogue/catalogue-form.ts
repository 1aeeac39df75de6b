import { z } from 'zod';
import { CATALOGUE_IMAGE_PATH, type CatalogueAvailability, type CatalogueKind } from '@store/shared';
import { centsToDollars, DOLLARS, dollarsToCents, WHOLE } from '../forms/form-values.ts';
import type { CatalogueItemBody, CatalogueRow } from './catalogue-api.ts';

// The catalogue form as typed (text in inputs) and what it sends: price in dollars typed, integer cents sent.

export const AVAILABILITY_LABELS: Record<CatalogueAvailability, string> = {
  available: 'On sale',
  soldOut: 'Sold out (listed)',
  hidden: 'Hidden from the shop',
};

export const catalogueForm = z
  .object({
    kind: z.enum(['product', 'giftCard']),
    name: z.string().trim().min(1, 'Enter a name shoppers will see.').max(120, 'Keep the name under 120 characters.'),
    brand: z.string().trim().max(60, 'Keep the brand under 60 characters.'),
    description: z.string().trim().max(2_000, 'Keep the description under 2,000 characters.'),
    image: z.string().regex(CATALOGUE_IMAGE_PATH, 'Upload a picture.'),
    price: z.string().trim().regex(DOLLARS, 'Enter a price in dollars, like 4.99.'),
    coins: z.string().trim().regex(WHOLE, 'Enter a whole number of coins.'),
    bonusType: z.enum(['', 'PERCENTAGE', 'COINS']),
    bonusAmount: z.string().trim(),
    availability: z.enum(['available', 'soldOut', 'hidden']),
    position: z.string().trim().regex(WHOLE, 'Enter a whole number (lower shows first).'),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'giftCard' && !v.brand) ctx.addIssue({ code: 'custom', path: ['brand'], message: 'Enter the brand of the gift card.' });
    if (DOLLARS.test(v.price) && dollarsToCents(v.price) < 1)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'A price is at least 0.01.' });
    if (WHOLE.test(v.position) && Number(v.position) > 1_000_000) {
      ctx.addIssue({ code: 'custom', path: ['position'], message: 'The position is at most 1,000,000.' });
    }
    if (v.bonusType === '') {
      if (v.bonusAmount) ctx.addIssue({ code: 'custom', path: ['bonusType'], message: 'Pick a bonus type for this amount.' });
      return;
    }
    if (!WHOLE.test(v.bonusAmount) || Number(v.bonusAmount) < 1) {
      ctx.addIssue({ code: 'custom', path: ['bonusAmount'], message: 'Enter a whole number from 1.' });
    } else if (v.bonusType === 'PERCENTAGE' && Number(v.bonusAmount) > 100) {
      ctx.addIssue({ code: 'custom', path: ['bonusAmount'], message: 'A percentage bonus is from 1 to 100.' });
    }
  })
  .transform((v): CatalogueItemBody => ({
    name: v.name,
    description: v.description,
    image: v.image,
    price: dollarsToCents(v.price),
    coins: Number(v.coins),
    bonusType: v.bonusType === '' ? null : v.bonusType,
    bonusAmount: v.bonusType === '' ? null : Number(v.bonusAmount),
    availability: v.availability,
    position: Number(v.position),
    ...(v.kind === 'giftCard' ? { brand: v.brand } : {}),
  }));
export type CatalogueFormValues = z.input<typeof catalogueForm>;

export function emptyItem(kind: CatalogueKind): CatalogueFormValues {
  return {
    kind,
    name: '',
    brand: '',
    description: '',
    image: '',
    price: '',
    coins: kind === 'giftCard' ? '0' : '',
    bonusType: '',
    bonusAmount: '',
    availability: 'available',
    position: '0',
  };
}

export function itemToForm(item: CatalogueRow): CatalogueFormValues {
  return {
    kind: item.kind,
    name: item.name,
    brand: item.brand ?? '',
    description: item.description,
    image: item.image,
    price: centsToDollars(item.price),
    coins: String(item.coins),
    bonusType: item.bonusType ?? '',
    bonusAmount: item.bonusAmount === null ? '' : String(item.bonusAmount),
    availability: item.availability,
    position: String(item.position),
  };
}

/** The server's field names, as the form's. */
export const CATALOGUE_SERVER_FIELDS: Record<string, keyof CatalogueFormValues> = {
  name: 'name',
  brand: 'brand',
  description: 'description',
  image: 'image',
  price: 'price',
  coins: 'coins',
  bonusType: 'bonusType',
  bonusAmount: 'bonusAmount',
  availability: 'availability',
  position: 'position',
};
