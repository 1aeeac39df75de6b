// Public surface of the live chat (issue 12, ADR 027): the visitors' and agents' routes, and the count of
// open conversations the admin dashboard shows.
export { countOpenChats } from './repository.ts';
export { default as chatRoutes } from './routes.ts';
