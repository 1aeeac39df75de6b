// Public surface of the mailbox module: the local mailbox's pages and its JSON (demo doors).
export { default as mailboxRoutes } from './routes.ts';
