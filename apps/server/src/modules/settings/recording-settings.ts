// Session recording's settings (issue 12, ADR 028): the share of browser sessions recorded and how long a
// recording is kept. Not cached: an admin's change applies to the next browser session at once.
import { RECORDING_RETENTION_DAYS, RECORDING_SAMPLE_PERCENT, recordingSettings, type RecordingSettings } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { readSetting, writeSetting } from './repository.ts';

export const RECORDING_SETTINGS_KEY = 'recordings';

/** SPEC §9: 25 percent of sessions; recordings kept 30 days. */
export const STARTER_RECORDING_SETTINGS: RecordingSettings = {
  samplePercent: RECORDING_SAMPLE_PERCENT,
  retentionDays: RECORDING_RETENTION_DAYS,
};

/** The stored row, or the starter settings when none was saved yet. */
export async function getRecordingSettings(db: Db | Tx): Promise<RecordingSettings> {
  const raw = await readSetting(db as Db, RECORDING_SETTINGS_KEY);
  return raw === undefined ? STARTER_RECORDING_SETTINGS : recordingSettings.parse(raw);
}

/** Inside the caller's transaction, so the change and its audit entry commit together. */
export const saveRecordingSettings = (db: Db | Tx, value: RecordingSettings): Promise<void> =>
  writeSetting(db as Db, RECORDING_SETTINGS_KEY, recordingSettings.parse(value));
