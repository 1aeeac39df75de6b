// A request's parameters (form.ts's parsed body or query) read as the sandbox's API takes them: a
// value of the wrong shape reads as absent, as Stripe ignores what it does not expect, and metadata is
// bounded as Stripe bounds it (50 keys, keys to 40 characters, values to 500).
import { invalid } from './errors.ts';
import type { FormObject, FormValue } from './form.ts';

export const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
export const obj = (value: FormValue | undefined): FormObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
export const list = (value: FormValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
export const flag = (value: FormValue | undefined) => value === 'true';

export function metadataOf(value: FormValue | undefined): Record<string, string> {
  const entries = Object.entries(obj(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  if (entries.length > 50) throw invalid('Metadata may have at most 50 keys.', 'metadata');
  return Object.fromEntries(entries.map(([k, v]) => [k.slice(0, 40), v.slice(0, 500)]));
}
