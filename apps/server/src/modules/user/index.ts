// Public surface of the user module: the signed-in user's profile route.
export { default as userRoutes } from './routes.ts';
