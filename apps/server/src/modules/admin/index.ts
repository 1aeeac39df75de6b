// Public surface of the admin console's server side (issue 12): its routes. The audit log it shows is
// the audit module's (every module records its admin changes there).
export { default as adminRoutes } from './routes.ts';
