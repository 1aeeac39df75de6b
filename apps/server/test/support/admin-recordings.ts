// Session recording's admin routes (ADR 028) as the role walk (admin-roles.test.ts) makes them: the replay
// walk records a fresh guest session first, so the admin's read finds it.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { RECORDING_RETENTION_DAYS, RECORDING_SAMPLE_PERCENT } from '@store/shared';
import { sendBatch, startRecording } from './recordings.ts';

interface Walk {
  prepare(): Promise<InjectOptions>;
}

/** A guest's one-batch recording: its id. */
export async function recordSession(app: FastifyInstance): Promise<string> {
  const recording = await startRecording(app);
  const res = await sendBatch(app, recording, {
    sequence: 0,
    events: [{ type: 4, timestamp: Date.now(), data: { href: 'http://store.test/products' } }],
  });
  if (res.statusCode !== 200) throw new Error(`recording batch refused: ${res.statusCode} ${res.body}`);
  return recording.recordingId;
}

export function recordingWalks(scene: () => { app: FastifyInstance }): Record<string, Walk> {
  return {
    'GET /api/v1/admin/recordings': { prepare: async () => ({ method: 'GET', url: '/api/v1/admin/recordings?page=1&limit=5' }) },
    'GET /api/v1/admin/recordings/{id}/events': {
      prepare: async () => ({ method: 'GET', url: `/api/v1/admin/recordings/${await recordSession(scene().app)}/events` }),
    },
    // The starter settings, written back: the walk changes nothing another test could see.
    'PUT /api/v1/admin/recordings/settings': {
      prepare: async () => ({
        method: 'PUT',
        url: '/api/v1/admin/recordings/settings',
        payload: { samplePercent: RECORDING_SAMPLE_PERCENT, retentionDays: RECORDING_RETENTION_DAYS },
      }),
    },
  };
}
