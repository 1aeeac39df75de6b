// Where Jumio's KYX platform answers (ADR 040). Three services, each on its own host per data center:
//   auth:      POST https://auth.{region}.jumio.ai/oauth2/token                (OAuth2 client credentials)
//   account:   POST https://account.{region}.jumio.ai/api/v1/accounts          (create + workflow execution)
//              PUT  https://account.{region}.jumio.ai/api/v1/accounts/{accountId}   (update: the next one)
//   retrieval: GET  https://retrieval.{region}.jumio.ai/api/v1/accounts/{accountId}/workflow-executions/{id}[/status]
// The regions are Jumio's data centers: amer-1 (US), emea-1 (EU), apac-1 (SG). Each base can be set on
// its own (JUMIO_AUTH_URL, JUMIO_ACCOUNT_URL, JUMIO_RETRIEVAL_URL); JUMIO_REGION picks the defaults.

export const JUMIO_REGIONS = ['amer-1', 'emea-1', 'apac-1'] as const;
export type JumioRegion = (typeof JUMIO_REGIONS)[number];

export interface JumioEndpoints {
  /** The OAuth2 token endpoint, whole. */
  authUrl: string;
  /** The account service's base (no path). */
  accountUrl: string;
  /** The retrieval service's base (no path). */
  retrievalUrl: string;
}

/** Jumio's published hosts for a data center. */
export function jumioEndpoints(region: JumioRegion): JumioEndpoints {
  return {
    authUrl: `https://auth.${region}.jumio.ai/oauth2/token`,
    accountUrl: `https://account.${region}.jumio.ai`,
    retrievalUrl: `https://retrieval.${region}.jumio.ai`,
  };
}

/** The paths under each base, as Jumio documents them. */
export const ACCOUNTS_PATH = '/api/v1/accounts';
export const accountPath = (accountId: string) => `${ACCOUNTS_PATH}/${encodeURIComponent(accountId)}`;
export const executionPath = (accountId: string, workflowExecutionId: string) =>
  `${accountPath(accountId)}/workflow-executions/${encodeURIComponent(workflowExecutionId)}`;
export const executionStatusPath = (accountId: string, workflowExecutionId: string) =>
  `${executionPath(accountId, workflowExecutionId)}/status`;
