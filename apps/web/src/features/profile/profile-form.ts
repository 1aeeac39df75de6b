// The profile form's values, labels and messages. The form validates with the API's own schema
// (profileUpdateBody from @store/shared), so the browser refuses exactly what the server would; a
// refusal from the server lands on the field its 400 names.
import type { ProfileUpdateInput, UserProfile } from '@store/shared';

export type ProfileFormValues = ProfileUpdateInput;

export type ProfileFieldName =
  'firstname' | 'lastname' | 'address.street' | 'address.city' | 'address.state' | 'address.zipCode' | 'address.country';

/** Labels, also how a field's message begins ("ZIP code must be …"). */
export const FIELD_LABELS: Record<ProfileFieldName, string> = {
  firstname: 'First name',
  lastname: 'Last name',
  'address.street': 'Street address',
  'address.city': 'City',
  'address.state': 'State',
  'address.zipCode': 'ZIP code',
  'address.country': 'Country',
};

const isProfileField = (field: string | null): field is ProfileFieldName => field !== null && field in FIELD_LABELS;

/** The form prefilled from getuser; a shopper without an address starts in the US. */
export function toFormValues(profile: UserProfile): ProfileFormValues {
  const address = profile.address;
  return {
    firstname: profile.firstname,
    lastname: profile.lastname,
    address: {
      street: address?.street ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      zipCode: address?.zipCode ?? '',
      country: address?.country || 'US',
    },
  };
}

/**
 * The field a server refusal names and what to show there: the server words it
 * "Invalid field 'address.zipCode': must be …", the form "ZIP code must be …". Null for a failure that
 * names no field of this form.
 */
export function serverFieldError(field: string | null, message: string | null): { field: ProfileFieldName; message: string } | null {
  if (!isProfileField(field) || !message) return null;
  const reason = message.match(/^Invalid field '[^']*': (.*)$/)?.[1] ?? message;
  return { field, message: reason };
}
