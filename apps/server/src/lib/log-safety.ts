// What the logs may hold. Request lines are logged at info level and kept by log services for a long
// time, so live secrets in URLs (password-reset and confirmation tokens) and shopper e-mail addresses are
// cut out of them; errors are logged without the query parameters Drizzle puts in its messages (password
// hashes, e-mails, names) and without any address in their message.
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Path segments whose next segment is a live token: the API's reset check and the web's reset page. */
const TOKEN_BEFORE = new Set(['reset-password', 'new-password']);
/**
 * Query parameters that carry a token anywhere: ?verify= (confirmation link), ?token=, ?secret= (3-D Secure
 * page), the client secrets Stripe appends when it sends the shopper back (ADR 012), a social sign-in's
 * authorization code, state and nonce (ADR 029), and ?unlock= (a sign-in past the account's delay, ADR 034).
 */
const TOKEN_PARAMS = new Set([
  'token',
  'verify',
  'unlock',
  'secret',
  'payment_intent_client_secret',
  'setup_intent_client_secret',
  'code',
  'state',
  'nonce',
]);
/** Query parameters that name a shopper's address, whatever their value looks like: the mailbox's ?to=. */
const ADDRESS_PARAMS = new Set(['to', 'email']);

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return part.toLowerCase();
  }
}

/** Characters around an e-mail address in a URL or a message; an address itself holds none of them. */
const AROUND_ADDRESS = /([\s/?&=#<>"',;()[\]]+)/;

/**
 * Anything shaped like an e-mail address (plain, or percent-encoded as %40) replaced by [redacted]: shopper
 * addresses stay out of access logs (?to= on the mailbox) and error messages (an SMTP server's refusal
 * names the recipient). Split and test, no backtracking pattern: linear in the text's length.
 */
export function redactEmails(text: string): string {
  if (!text.includes('@') && !/%40/i.test(text)) return text;
  return text
    .split(AROUND_ADDRESS)
    .map((part) => (part.includes('@') || /%40/i.test(part) ? REDACTED : part))
    .join('');
}

/** The URL with tokens replaced by [redacted]: `/new-password/[redacted]`, `/login?verify=[redacted]`. */
export function redactUrl(url: string): string {
  return redactEmails(redactTokens(url));
}

function redactTokens(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (TOKEN_BEFORE.has(decoded(segments[i - 1]!)) && segments[i]) segments[i] = REDACTED;
  }
  if (queryAt === -1) return segments.join('/');
  const pairs = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq === -1 ? pair : pair.slice(0, eq);
      return TOKEN_PARAMS.has(decoded(key)) || ADDRESS_PARAMS.has(decoded(key)) ? `${key}=${REDACTED}` : pair;
    });
  return `${segments.join('/')}?${pairs.join('&')}`;
}

/** pino `req` serializer: Fastify's default fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

// A type, not an interface: pino's serializer type wants an index signature.
export type SafeError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  /** The PostgreSQL error code (SQLSTATE) of the database error behind it, e.g. 22021. */
  pgCode?: string;
  cause?: SafeError;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;
const SANITIZED = Symbol('safeError');

/** Drizzle's "Failed query: <sql>\nparams: <values>": the SQL has placeholders only; the values go. */
function stripParams(message: string): string {
  return message.replace(/\n\s*params:[\s\S]*$/, '');
}

/**
 * An error as the logs may hold it: class, codes, message without query parameters, stack frames,
 * the same for its cause. Everything else (a driver error's detail, query, params; any attached
 * request or body) is dropped.
 */
export function safeError(error: unknown, depth = 0): SafeError {
  // Already made safe (the error handler does it before the logger's serializer sees it again).
  if (typeof error === 'object' && error !== null && SANITIZED in error) return error as unknown as SafeError;
  if (!(error instanceof Error)) return { type: typeof error, message: redactEmails(String(error)), stack: '' };
  const message = redactEmails(stripParams(error.message));
  const withCode = error as Error & { code?: unknown; cause?: unknown; severity?: unknown };
  const code = typeof withCode.code === 'string' ? withCode.code : undefined;
  // pg's and PGlite's database errors carry a severity next to the SQLSTATE code.
  const isDatabaseError = typeof withCode.severity === 'string' && !!code && SQLSTATE.test(code);
  const cause = depth < 3 && withCode.cause instanceof Error ? safeError(withCode.cause, depth + 1) : undefined;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const type = error.constructor?.name && error.constructor.name !== 'Error' ? error.constructor.name : error.name;
  const safe: SafeError = {
    type,
    message,
    ...(code ? { code } : {}),
    ...(isDatabaseError ? { pgCode: code } : cause?.pgCode ? { pgCode: cause.pgCode } : {}),
    stack: [`${type}: ${message}`, ...frames].join('\n'),
    ...(cause ? { cause } : {}),
  };
  // Not enumerable: the marker never reaches the log line.
  return Object.defineProperty(safe, SANITIZED, { value: true });
}

/** Serializers for every logger the app builds: in pino, an `err` or `req` anywhere passes through these. */
export const logSerializers = { req: serializeRequest, err: safeError };

/**
 * A Fastify app's logger: what the caller passes (pino options: level, stream, …; false: none), with our
 * settings kept in force whatever it passes: the session header redacted, request URLs without their tokens,
 * errors without their query parameters. Both apps use it (the store's and the hosted checkout's alone).
 */
export function loggerOptions(level: string, logger: boolean | object | undefined) {
  if (logger === false) return false;
  return {
    level,
    ...(typeof logger === 'object' ? logger : {}),
    redact: ['req.headers["x-auth-token"]', 'req.headers.authorization'],
    serializers: logSerializers,
  };
}
