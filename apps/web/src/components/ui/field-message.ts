/**
 * A field's message as a sentence that names the field: a schema's "must be 5 digits" becomes "ZIP code must
 * be 5 digits."; a message that is already a sentence ("Enter your e-mail address") is kept, with its full stop.
 */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const sentence = /^[a-z]/.test(message) ? `${label} ${message}` : message;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
