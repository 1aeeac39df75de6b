/** USDC has 6 decimals on every chain we take it on: base units = cents × 10_000 (issue 11 contract). */
export const USDC_DECIMALS = 6;
