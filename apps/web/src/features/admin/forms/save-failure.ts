import { failureText, readApiFailure, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';

/**
 * How a refused save reads in the console: a field the server named (400/409/422 with a field the form
 * has) goes under that field; another admin's change (409 on 'version') and anything else become the
 * form's message. The form keeps what the admin typed either way.
 */
export function readSaveFailure<F extends string>(error: unknown, fields: Record<string, F>) {
  const failure = readApiFailure(error);
  const message = failureText(error, undefined, { unreachable: UNREACHABLE_TEXT });
  const stale = failure.status === 409 && failure.field === 'version';
  const field = !stale && failure.field ? fields[failure.field.split('.').pop()!] : undefined;
  return { field, message: field && message ? fieldReason(message) : message, stale };
}

/**
 * The reason alone, for a message shown under its field: the server's "Invalid field 'name': too long" reads
 * "Name too long." there (the shared field names itself in a message that starts in lower case).
 */
export function fieldReason(message: string): string {
  return message.match(/^Invalid field '[^']*': (.*)$/)?.[1] ?? message;
}
