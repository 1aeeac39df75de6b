// The OpenAPI document names each route's error codes (issue 25): every failure status of a route's
// responses gets its envelope's `code` as the enum of the codes the route answers with it
// (api/error-codes.ts), and a status the route's own codes use but its schema did not list is added.
// Only the document changes: answers are serialized with the route's schemas as before.
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ROUTE_ERROR_CODES } from './route-error-codes.ts';
import { errorCodesOf, routeKey } from './error-codes.ts';

type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[]; description?: string };

/** The failure envelope as JSON Schema, with `code` one of `codes`. */
const envelopeWith = (codes: string[]): JsonSchema => ({
  type: 'object',
  properties: {
    success: { type: 'boolean', const: false },
    message: { type: 'string' },
    code: { type: 'string', enum: codes },
    field: { type: 'string' },
  },
  required: ['success', 'message', 'code'],
});

export const jsonSchemaTransformWithErrorCodes: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  if (!transformed.schema) return transformed;
  // A route with several methods (a webhook taking GET and POST) is one schema: its codes are theirs together.
  const routes = [input.route.method]
    .flat()
    .filter((method) => method !== 'HEAD')
    .map((method) => routeKey(method, input.url));
  const codesOf = (status: number) => [...new Set(routes.flatMap((route) => errorCodesOf(route, status)))];
  const response = { ...((transformed.schema.response ?? {}) as Record<string, JsonSchema>) };
  const ownStatuses = routes.flatMap((route) => Object.keys(ROUTE_ERROR_CODES[route] ?? {}));
  for (const status of new Set([...Object.keys(response), ...ownStatuses])) {
    const codes = Number(status) >= 400 ? codesOf(Number(status)) : [];
    if (codes.length === 0) continue;
    const described = response[status];
    response[status] = described?.properties
      ? { ...described, properties: { ...described.properties, code: { type: 'string', enum: codes } } }
      : envelopeWith(codes);
  }
  return { ...transformed, schema: { ...transformed.schema, response } };
};
