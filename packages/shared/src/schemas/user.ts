import { z } from 'zod';

export const walletCoins = z.object({
  purchasedWallet: z.number().int(),
  winWallet: z.number().int(),
  stackingWallet: z.number().int(),
});
export type WalletCoins = z.infer<typeof walletCoins>;

export const address = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});

export const userProfile = z.object({
  _id: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  image: z.string().nullable(),
  coins: walletCoins,
  address: address.nullable(),
  userip: z.string().nullable(),
  /**
   * Whether the account holder confirmed being 18 or older (issue 24: the terms require it). A password
   * sign-up confirms it on the form; an account a social sign-in made, or one older than the question, is
   * asked once by the web app (POST v1/user/confirm-adult).
   */
  adultConfirmed: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** POST v1/user/confirm-adult: the account holder confirms being 18 or older. */
export const confirmAdultBody = z.strictObject({
  adultConfirmed: z.literal(true, { error: 'must be true: an account is for people 18 or older' }),
});

export const jumioRecord = z.object({
  attempts: z.number().int().nullable(),
  decision: z.string().nullable(),
  status: z.string().nullable(),
});
export type JumioRecord = z.infer<typeof jumioRecord>;

export const usState = z.object({ code: z.string(), name: z.string(), region: z.string() });

/** GET v1/getuser: data (user), jumio, states (SPEC §7). */
export const getUserResponse = z.object({
  success: z.literal(true),
  data: userProfile,
  jumio: jumioRecord.nullable(),
  states: z.array(usState),
});
export type GetUserResponse = z.infer<typeof getUserResponse>;
