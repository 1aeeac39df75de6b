// Fraud checks (issue 23, ADR 045): the provider interface, the registry and the sandbox. The hosted checkout
// reaches this folder only through here.
import { createSandboxFraudProvider } from './sandbox.ts';
import type { FraudProvider } from './types.ts';

export { runFraudCheck, type FraudCheckOptions } from './check.ts';
export { createSandboxFraudProvider, SANDBOX_FRAUD_PREFIXES, sandboxScore } from './sandbox.ts';
export * from './types.ts';

/** The providers by name. Only the sandbox so far; a real one joins here with its client. */
const FRAUD_PROVIDERS: Record<string, () => FraudProvider> = {
  sandbox: createSandboxFraudProvider,
};

/**
 * The fraud provider the host checks with: the sandbox wherever the payment sandboxes serve (outside
 * production, or with PAYMENTS_PROVIDER=sandbox), else none (no check: production has no real provider yet).
 */
export function fraudProviderFor(opts: { sandboxesServe: boolean }): FraudProvider | null {
  return opts.sandboxesServe ? FRAUD_PROVIDERS.sandbox!() : null;
}
