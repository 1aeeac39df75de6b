// Session recording as a browser drives it (ADR 028, ADR 033): a recording started by POST v1/recordings,
// then batches carrying its secret. In-process (app.inject) for the module's own tests, and over real HTTP
// from a chosen client address (X-Forwarded-For, the app trusting 127.0.0.1) for the outsider's.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { RECORDING_SECRET_HEADER, recordingStartResponse, type RecordingStart } from '@store/shared';

export type Recording = RecordingStart;

/** A recording started as the browser does it, by a guest or (with a token) a shopper. */
export async function startRecording(app: FastifyInstance, token?: string): Promise<Recording> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/recordings', headers: token ? { 'x-auth-token': token } : {} });
  if (res.statusCode !== 201) throw new Error(`starting a recording: ${res.statusCode} ${res.body}`);
  return recordingStartResponse.parse(res.json()).data;
}

/** A batch for the recording, with its secret unless `secret` says otherwise (null: none). */
export function sendBatch(
  app: FastifyInstance,
  recording: Recording,
  payload: object | string,
  opts: { token?: string; secret?: string | null } = {},
) {
  const secret = opts.secret === undefined ? recording.recordingSecret : opts.secret;
  const headers: InjectOptions['headers'] = { 'content-type': 'application/json' };
  if (secret !== null) headers[RECORDING_SECRET_HEADER] = secret;
  if (opts.token) headers['x-auth-token'] = opts.token;
  return app.inject({
    method: 'POST',
    url: `/api/v1/recordings/${recording.recordingId}/batches`,
    headers,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** A client at `address` reaching a listening store over HTTP, as an outsider would. */
export function recordingClient(baseUrl: string, address: string) {
  const base = { 'x-forwarded-for': address };
  return {
    async start(): Promise<Recording> {
      const res = await fetch(`${baseUrl}/api/v1/recordings`, { method: 'POST', headers: base });
      if (res.status !== 201) throw new Error(`starting a recording: ${res.status} ${await res.text()}`);
      return recordingStartResponse.parse(await res.json()).data;
    },
    /** The raw answer: status, parsed body, Retry-After. */
    async send(recordingId: string, secret: string | null, body: object | string) {
      const headers: Record<string, string> = { ...base, 'content-type': 'application/json' };
      if (secret !== null) headers[RECORDING_SECRET_HEADER] = secret;
      const res = await fetch(`${baseUrl}/api/v1/recordings/${recordingId}/batches`, {
        method: 'POST',
        headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: res.headers.get('retry-after') };
    },
  };
}
