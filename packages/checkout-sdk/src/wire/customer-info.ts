// The published SDK's CustomerInfo (SPEC §2 `customerInfo`): `name`, or `firstName` with `lastName`, and the
// address, ip, dob, …. One schema for the page (reading its URL) and the host (reading a payment's body), so a
// value the page accepts is one the host takes. Strict: a field the SDK does not have is refused by name.
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);
/** A decimal degree as the SDK sends lat/lng (strings). */
const degrees = (limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, 'must be decimal degrees')
    .refine((v) => Math.abs(Number(v)) <= limit, `must be within ±${limit}`);

export const customerInfoSchema = z
  .strictObject({
    name: text(100).optional(),
    firstName: text(100).optional(),
    lastName: text(100).optional(),
    displayName: text(100).optional(),
    verificationId: text(128).optional(),
    email: z.string().email().max(254).optional(),
    address: text(200).optional(),
    city: text(100).optional(),
    state: text(64).optional(),
    zip: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, 'must be a postal code')
      .optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be a 2-letter country code (ISO 3166-1)')
      .transform((c) => c.toUpperCase())
      .optional(),
    ip: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IP address' }).optional(),
    lat: degrees(90).optional(),
    lng: degrees(180).optional(),
    dob: z.iso
      .date('must be a date (YYYY-MM-DD)')
      .refine((d) => Date.parse(d) < Date.now() && Date.parse(d) > Date.parse('1900-01-01'), 'must be a past date')
      .optional(),
  })
  .superRefine((info, ctx) => {
    // The SDK's SplitNameCustomerInfo has both names or neither.
    if (info.firstName && !info.lastName) ctx.addIssue({ code: 'custom', path: ['lastName'], message: 'is required with firstName' });
    if (info.lastName && !info.firstName) ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'is required with lastName' });
  });

export type CustomerInfo = z.infer<typeof customerInfoSchema>;
