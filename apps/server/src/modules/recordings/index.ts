// Public surface of session recording (issue 12, ADR 028; bounds, ADR 033): the browser's recordings,
// batches and config, the admin console's list, replay and settings, and the background work (retention,
// the storage cap).
export { default as recordingsRoutes } from './routes.ts';
export { recordingsBackground } from './background.ts';
export { deleteExpiredRecordings } from './service.ts';
export { enforceStorageCap } from './storage-cap.ts';
