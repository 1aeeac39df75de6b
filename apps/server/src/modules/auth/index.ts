// Public surface of the auth module: the account routes, the session lookup the auth plugin signs
// requests in with (app.ts), and the password-reset mail it sends in the background.
export { authBackground } from './background.ts';
export { default as authRoutes } from './routes.ts';
export { adminSessionRoutes } from './admin-sessions.ts';
export { findLiveTokenHashes, findSessionUser } from './service.ts';
// An account as other modules may know it (issue 25: they ask here rather than read users).
export { findAccount, findAccounts, lockAccount, type AccountCard } from './accounts.ts';
// SPEC §3 fbData, appleData and provider for GET v1/getuser (ADR 029).
export { socialStateOf } from './social/service.ts';
// The profile columns of an account, for the user module, which gives them meaning (issue 25).
export {
  confirmAdultAge,
  findProfile,
  saveAddressField,
  saveImageUrl,
  saveNamesAndAddress,
  type AccountProfile,
  type AddressJson,
} from './profile.ts';
