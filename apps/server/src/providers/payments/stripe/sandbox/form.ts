// Stripe's request encoding (application/x-www-form-urlencoded with bracketed keys, as the `stripe`
// package writes it: `metadata[paymentId]=…`, `payment_method_types[0]=card`) read back into an object.
// Bounded: at most MAX_FIELDS fields and MAX_DEPTH brackets a key, so a hostile body costs its length.

const MAX_FIELDS = 200;
const MAX_DEPTH = 5;

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export class FormError extends Error {}

function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open < 0) return [key];
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const re = /\[([^[\]]*)\]/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = re.exec(rest))) {
    parts.push(match[1]!);
    consumed = re.lastIndex;
  }
  if (consumed !== rest.length) throw new FormError(`Invalid parameter name: ${key.slice(0, 80)}`);
  if (parts.length > MAX_DEPTH + 1) throw new FormError(`Parameter nested too deeply: ${key.slice(0, 80)}`);
  return parts;
}

/** Reads a form body or query string; arrays come back as arrays (indexed keys in order). */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  let count = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    if (++count > MAX_FIELDS) throw new FormError('Too many parameters.');
    const path = keyPath(key);
    let node: FormObject = root;
    for (let i = 0; i < path.length - 1; i++) {
      const part = path[i]!;
      const next = node[part];
      if (next === undefined) node = node[part] = {};
      else if (typeof next === 'object' && !Array.isArray(next)) node = next;
      else throw new FormError(`Conflicting parameter: ${key.slice(0, 80)}`);
    }
    const last = path[path.length - 1]!;
    if (typeof node[last] === 'object') throw new FormError(`Conflicting parameter: ${key.slice(0, 80)}`);
    node[last] = value;
  }
  return arrays(root) as FormObject;
}

/** Objects whose keys are 0..n-1 become arrays (Stripe's indexed arrays). */
function arrays(value: FormValue): FormValue {
  if (typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arrays(value[key]!);
  if (keys.length && keys.every((key, i) => key === String(i))) return keys.map((key) => value[key]!);
  return value;
}
