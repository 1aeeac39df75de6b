// Which error codes each API route answers, by status (issue 25): the codes any route may answer, and each
// route's own (route-error-codes.ts). The OpenAPI document lists them (openapi-error-codes.ts), and under
// test every failure a route answers is held to them (plugins/error-code-audit.ts).
import { ERROR_CODES, type ErrorCode } from '@store/shared';
import { ROUTE_ERROR_CODES } from './route-error-codes.ts';

/** A route as the catalogue names it: its method and its path as registered ("POST /api/v1/checkout/"). */
export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/**
 * What any route may answer, whatever it does: the body or address could not be read, the input failed its
 * check, a limit, the store's fault, or the database down. The country check (COUNTRY_RESTRICTED) and a
 * session that lapsed are route codes: not every route has them.
 */
export const ANY_ROUTE_ERROR_CODES: Readonly<Record<number, readonly ErrorCode[]>> = {
  400: ['BAD_REQUEST', 'MALFORMED_JSON', 'VALIDATION_FAILED', 'BODY_TOO_DEEP', 'BAD_URL'],
  413: ['PAYLOAD_TOO_LARGE'],
  414: ['URL_TOO_LONG'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  429: ['RATE_LIMITED'],
  500: ['INTERNAL'],
  503: ['DATABASE_UNAVAILABLE'],
};

/** The codes `route` answers with `status`: any route's, then its own. */
export function errorCodesOf(route: string, status: number): ErrorCode[] {
  return [...(ANY_ROUTE_ERROR_CODES[status] ?? []), ...(ROUTE_ERROR_CODES[route]?.[status] ?? [])];
}

/** Whether `code` is one `route` lists for `status` (and one of the catalogue at all). */
export function isDeclaredErrorCode(route: string, status: number, code: string): boolean {
  return code in ERROR_CODES && errorCodesOf(route, status).includes(code as ErrorCode);
}
