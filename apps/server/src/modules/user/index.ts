// Public surface of the user module: the signed-in user's profile route, and the account's name (the
// card holder's name the payments module sends a card provider).
export { default as userRoutes } from './routes.ts';
export { findAccountName } from './repository.ts';
