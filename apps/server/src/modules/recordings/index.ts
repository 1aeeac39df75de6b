// Public surface of session recording (issue 12, ADR 028): the browser's batches and config, the admin
// console's list, replay and settings, and the retention job.
export { default as recordingsRoutes } from './routes.ts';
export { recordingsBackground } from './background.ts';
export { deleteExpiredRecordings } from './service.ts';
