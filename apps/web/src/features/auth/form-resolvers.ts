// The auth pages' form resolvers. Their schemas (form-schemas.ts, and zod with them) load once the page is
// idle or at the first validation, so the sign-in and password pages' first load carries neither
// (lib/lazy-resolver.ts, issue 26).
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';

const schemas = () => import('./form-schemas.ts');

export const loginResolver = lazyZodResolver(() => schemas().then((module) => module.loginForm));
export const signupResolver = lazyZodResolver(() => schemas().then((module) => module.signupForm));
export const emailResolver = lazyZodResolver(() => schemas().then((module) => module.emailForm));
export const newPasswordResolver = lazyZodResolver(() => schemas().then((module) => module.newPasswordForm));
