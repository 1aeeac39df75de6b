// A test app listening on a real port, called with fetch as an outsider would: real sockets, and the
// visitor's address named by the trusted proxy's X-Forwarded-For (the app must trust 127.0.0.1).
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: { success: boolean; message?: string; code?: string; data?: unknown };
}

/** Starts listening on 127.0.0.1 and a free port; returns the base URL (the app closes with its TestApp). */
export async function listenForOutsiders(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A request from the visitor `from`, through the trusted proxy. */
export async function httpCall(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  { from, body }: { from: string; body?: unknown },
): Promise<HttpAnswer> {
  const res = await fetch(base + path, {
    method,
    headers: { 'x-forwarded-for': from, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as HttpAnswer['body'] };
}

/**
 * `count` visitors' addresses of their own in the benchmarking range (198.18.0.0/15: never a real visitor,
 * so the country check places them nowhere), a random block each call.
 */
export function visitorAddresses(count: number): string[] {
  const block = `198.${18 + randomInt(2)}.${randomInt(256)}`;
  return Array.from({ length: count }, (_, i) => `${block}.${i + 1}`);
}
