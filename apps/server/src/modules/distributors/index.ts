// Public surface of the distributors module: the game providers' signed credits of winnings into
// winWallet, through the wallet's ledger (issue 10).
export { default as distributorRoutes } from './routes.ts';
export { DEMO_DISTRIBUTOR, seedDemoDistributor } from './demo.ts';
export { signCredit, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signature.ts';
