// Placeholders for card data in a request the vault relays to a provider (ADR 010). The API writes them
// where the provider's request takes card data; only the vault replaces them, with what the token names:
//   {{card.number:<card token>}}    the card number ('4111111111111111')
//   {{card.expMonth:<card token>}}  its expiry month, two digits ('04')
//   {{card.expYear:<card token>}}   its expiry year, four digits ('2034')
//   {{cvv:<cvv token>}}             the CVV a CVV token holds (in memory, briefly)
//   {{card.cvv:<card token>}}       the CVV typed with a new card (ADR 038), taken: the first relay use
//                                   clears it, and where there is none (taken, expired, never given) the
//                                   whole member ("CVV": "{{…}}") is left out of the request
// A placeholder is a whole JSON string value: "cardNumber": "{{card.number:card_…}}". Inside a longer
// string, or as an object key, it is text like any other and goes out as written. A string value that
// is wrapped in {{ }} but names no field above is refused, so a typo never sends a token as card data.
import { VaultRelayError } from './relay-error.ts';

export type CardField = 'card.number' | 'card.expMonth' | 'card.expYear' | 'card.cvv';
export type PlaceholderField = CardField | 'cvv';

const FIELDS: ReadonlySet<string> = new Set<PlaceholderField>(['card.number', 'card.expMonth', 'card.expYear', 'card.cvv', 'cvv']);

/** The placeholder the vault fills with a card's field, or a CVV token's CVV. */
export const placeholder = (field: PlaceholderField, token: string): string => `{{${field}:${token}}}`;

/** A placeholder found in a body: where its JSON string sits (quotes included) and what it names. */
export interface Slot {
  /** Index of the opening quote. */
  start: number;
  /** Index just past the closing quote. */
  end: number;
  field: PlaceholderField;
  token: string;
  /**
   * The text to remove to leave the value's whole member out of its object (its key, the value and one
   * comma beside them); absent when the value is no object member (an array element, the whole text).
   */
  member?: { start: number; end: number };
}

export interface PlaceholderScan {
  slots: Slot[];
  /** Characters read: never more than the text's length, whatever its shape (what a test holds it to). */
  examined: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** The field and token of a string value wrapped in {{ }}; refused when the field is none of ours. */
function parsePlaceholder(value: string): { field: PlaceholderField; token: string } {
  const colon = value.indexOf(':');
  const field = colon > 2 ? value.slice(2, colon) : '';
  if (!FIELDS.has(field)) throw new VaultRelayError('BAD_REQUEST', `Unknown placeholder field '${field.slice(0, 32)}'`);
  return { field: field as PlaceholderField, token: value.slice(colon + 1, -2) };
}

/**
 * Finds the placeholders of a JSON text in one pass, left to right, with no recursion: nesting costs
 * nothing, however deep. The text must be valid JSON (the relay parses it first). A string is a value
 * unless the next character that is not white space is a colon (then it is a key).
 */
export function scanPlaceholders(text: string): PlaceholderScan {
  const slots: Slot[] = [];
  /** A placeholder string just read, waiting to learn whether it was a key or a value. */
  let pending: (Slot & { key?: { start: number; before: number } }) | null = null;
  /** Index of the last character that is not white space, before the current one. */
  let previous = -1;
  /** The string just read (where it starts, and what came before it), in case a colon makes it a key. */
  let lastString: { start: number; before: number } | null = null;
  /** The key whose value comes next: set by a colon, kept only if a string follows at once. */
  let key: { start: number; before: number } | null = null;
  let i = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    if (pending) {
      if (c !== COLON) {
        const { key: owner, ...slot } = pending;
        // The member's extent: with the comma after it, or else the one before it (or alone in its object).
        if (owner) {
          if (c === COMMA) slot.member = { start: owner.start, end: i + 1 };
          else if (text.charCodeAt(owner.before) === COMMA) slot.member = { start: owner.before, end: slot.end };
          else slot.member = { start: owner.start, end: slot.end };
        }
        slots.push(slot);
      }
      pending = null;
    }
    if (c === COLON && lastString) key = lastString;
    else if (c !== QUOTE) key = null;
    lastString = null;
    if (c !== QUOTE) {
      previous = i;
      continue;
    }
    const owner = key;
    key = null;
    const start = i;
    let escaped = false;
    for (i++; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === QUOTE) break;
      if (d === BACKSLASH) {
        escaped = true;
        i++;
      }
    }
    const raw = text.slice(start, i + 1);
    // Escapes are decoded (each string once): "{{\u0063vv:…}}" is the placeholder it spells.
    const value = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
    if (value.startsWith('{{') && value.endsWith('}}') && value.length >= 4) {
      pending = { start, end: i + 1, ...parsePlaceholder(value), ...(owner ? { key: owner } : {}) };
    }
    lastString = { start, before: previous };
    previous = i;
  }
  if (pending) {
    // The text ends with it: the whole text is this string, no member of anything.
    const { key: _owner, ...slot } = pending;
    slots.push(slot);
  }
  return { slots, examined: Math.min(i, text.length) };
}
