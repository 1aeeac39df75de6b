// A merchant's page as a merchant would write it with the published SDK, unmodified: React, `CoinflowPurchase`
// from '@coinflowlabs/react' in its `local` environment, @solana/web3.js and bs58 for Solana, and the `buffer`
// package for the `Buffer` global the SDK's EVM handler decodes transactions with. Bundled by esbuild when the
// browser test starts (published-sdk-merchant.ts). Its settings come in the page's query (`config`, JSON);
// every SDK callback is recorded in `window.__sdk` for the test to read. The wallets' keys stay in Node: the
// page reaches them through functions the test exposes (window.__e2eSignSolana, window.__e2eSendEvm).
import {
  CoinflowPurchase,
  CoinflowUtils,
  PaymentMethods,
  recordFrontendError,
  type EthWallet,
  type SolanaWallet,
} from '@coinflowlabs/react';
import { Connection, PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { Buffer } from 'buffer';
import { createRoot } from 'react-dom/client';

(globalThis as unknown as { Buffer: typeof Buffer }).Buffer = Buffer;

export interface MerchantPageConfig {
  merchantId: string;
  sessionKey: string;
  blockchain: 'solana' | 'base';
  /** The wallet's address: a Solana public key, or a 0x address on the EVM chain. */
  wallet: string;
  allowedPaymentMethods?: ('card' | 'usdc')[];
  /** The Solana transaction versions the test wallet signs (a wallet adapter's supportedTransactionVersions); default both. */
  solanaVersions?: ('legacy' | 0)[];
}

export interface SdkRecord {
  success: unknown[];
  authDeclined: unknown[];
  heights: string[];
  /** What the SDK handed the wallet to sign and it signed: a legacy Transaction, or a VersionedTransaction 'v<version>'. */
  signed: string[];
  /** Each signed transaction's fee-payer signature (base58), read from what the wallet handed back. */
  signatures: string[];
  /** What the wallet refused to sign, as above, for a version it does not support. */
  refused: string[];
  /** The partner id GET /merchant/view answered the SDK (its CoinflowUtils, on the `local` API). */
  partnerId?: string | null;
}

declare global {
  interface Window {
    __sdk: SdkRecord;
    __e2eSignSolana(base64: string): Promise<string>;
    __e2eSendEvm(json: string): Promise<string>;
  }
}

const config = JSON.parse(new URLSearchParams(location.search).get('config') ?? '{}') as MerchantPageConfig;
const record: SdkRecord = { success: [], authDeclined: [], heights: [], signed: [], signatures: [], refused: [] };
window.__sdk = record;

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function solanaWallet(address: string, versions: ('legacy' | 0)[]): SolanaWallet {
  return {
    publicKey: new PublicKey(address),
    // The SDK hands the wallet what it decoded: a Transaction for legacy bytes, a VersionedTransaction otherwise.
    signTransaction: async <T extends Transaction | VersionedTransaction>(tx: T): Promise<T> => {
      const versioned = tx instanceof VersionedTransaction;
      const version = versioned ? tx.version : 'legacy';
      const kind = version === 'legacy' ? 'legacy' : `v${version}`;
      // A wallet adapter refuses a version it does not support, in these words, before the shopper sees anything.
      if (!versions.includes(version)) {
        record.refused.push(kind);
        throw new Error(`Sending transaction version ${version} isn't supported by this wallet`);
      }
      record.signed.push(kind);
      const bytes = versioned ? tx.serialize() : (tx as Transaction).serialize({ requireAllSignatures: false, verifySignatures: false });
      const signed = Buffer.from(await window.__e2eSignSolana(toBase64(bytes)), 'base64');
      const result = versioned ? VersionedTransaction.deserialize(signed) : Transaction.from(signed);
      const signature = result instanceof VersionedTransaction ? result.signatures[0] : result.signature;
      record.signatures.push(signature ? bs58.encode(signature) : '');
      return result as T;
    },
    sendTransaction: async () => {
      throw new Error('this test wallet only signs');
    },
  };
}

function evmWallet(address: string): EthWallet {
  return {
    address,
    sendTransaction: async (tx) => ({ hash: await window.__e2eSendEvm(JSON.stringify(tx)) }),
    signMessage: async () => {
      throw new Error('this test wallet does not sign messages');
    },
  };
}

function Merchant() {
  const common = {
    env: 'local' as const,
    merchantId: config.merchantId,
    sessionKey: config.sessionKey,
    ...(config.allowedPaymentMethods ? { allowedPaymentMethods: config.allowedPaymentMethods.map((m) => PaymentMethods[m]) } : {}),
    handleHeightChange: (height: string) => {
      record.heights.push(height);
    },
    onSuccess: (info: unknown) => {
      record.success.push(info);
    },
    onAuthDeclined: (info: unknown) => {
      record.authDeclined.push(info);
    },
  };
  return (
    <div style={{ width: 480, minHeight: 200 }}>
      {config.blockchain === 'solana' ? (
        <CoinflowPurchase
          {...common}
          blockchain="solana"
          wallet={solanaWallet(config.wallet, config.solanaVersions ?? ['legacy', 0])}
          connection={new Connection('http://127.0.0.1:9')}
        />
      ) : (
        <CoinflowPurchase {...common} blockchain="base" wallet={evmWallet(config.wallet)} />
      )}
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<Merchant />);

// The SDK's own calls to the `local` API (http://localhost:5000), as its fraud-protection setup makes them.
void new CoinflowUtils('local').getNSurePartnerId(config.merchantId).then((id) => {
  record.partnerId = id ?? null;
});
recordFrontendError({ event: 'E2eProbe', error: new Error('probe from the merchant page'), env: 'local', merchantId: config.merchantId });
