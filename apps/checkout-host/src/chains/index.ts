// The chains folder's public face: the hosted checkout imports only from here (ADR 021).
export * from './types.ts';
export { createChainRegistry } from './registry.ts';
export { chainOptionsFromEnv } from './options.ts';
export { missingSandboxPackages } from './sandbox-packages.ts';
