import fp from 'fastify-plugin';
import type { AddressInfo } from 'node:net';
import { proxyTrustFor } from '../../lib/proxy-trust.ts';
import { loadVaultKey } from './crypto.ts';
import { createFrameConfigSigner, type FrameConfigGrant } from './frame-config.ts';
import type { FrameSessionGrant, FrameSessionSubject } from '@store/server-kit';
import { createFrameSessionSigner } from './frame-session.ts';
import { createVaultServer } from './server.ts';
import { createVault, type Vault } from './vault.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card vault (in-process side) and where its hosted fields are served. */
    vault: Vault & {
      origin(): string;
      /**
       * Lets the field frames be framed by, and answer, exactly these origins for FRAME_CONFIG_TTL_MS (30
       * min): the `cfg` query value of the frame URLs. The caller has checked the origins (the hosted
       * checkout's tokenizer config, against the merchant's allowed origins).
       */
      signFrameConfig(origins: string[]): FrameConfigGrant;
      /**
       * A frame session for this shopper, hosted-checkout session or merchant (ADR 032): the nonce the card
       * frames send with every /tokenize, good for VAULT_FRAME_SESSION_MINUTES. `origins`: the pages that may
       * call /tokenize with it themselves (the hosted checkout's signed origins); default the store's.
       */
      issueFrameSession(subject: FrameSessionSubject, origins?: string[]): FrameSessionGrant;
    };
  }
}

export interface VaultPluginOptions {
  /**
   * The relay's allow-list: the base URLs of the card providers configured (NUVEI_BASE_URL when the
   * Nuvei client is). Empty: the relay sends nothing anywhere (the sandbox reads cards in-process).
   */
  relayDestinations: string[];
}

/**
 * `app.vault`; also starts the vault's HTTP server on its own port (VAULT_PORT, default PORT+1;
 * PORT 0 gives a random one) when the app is ready, and stops it on close. VAULT_PORT=off skips it.
 */
export default fp<VaultPluginOptions>(
  async (app, { relayDestinations }) => {
    const { config } = app;
    const key = loadVaultKey({ vaultKey: config.VAULT_KEY, dataDir: config.DATA_DIR, nodeEnv: config.NODE_ENV });
    const vault = createVault(app.db, key, {
      relay: { destinations: relayDestinations, timeoutMs: config.VAULT_RELAY_TIMEOUT_MS },
      cardTokenTtlMs: config.VAULT_TOKEN_TTL_MINUTES * 60_000,
    });
    const frameConfigs = createFrameConfigSigner(key);
    const frameSessions = createFrameSessionSigner(key, { ttlMs: config.VAULT_FRAME_SESSION_MINUTES * 60_000 });
    let origin = config.VAULT_PUBLIC_URL ? new URL(config.VAULT_PUBLIC_URL).origin : '';
    app.decorate('vault', {
      ...vault,
      origin: () => origin,
      signFrameConfig: (origins: string[]) => frameConfigs.sign(origins),
      issueFrameSession: (subject: FrameSessionSubject, origins?: string[]) => frameSessions.sign(subject, origins),
    });

    if (config.VAULT_PORT === 'off') return;
    const port = config.VAULT_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1);
    const server = createVaultServer({
      vault,
      storeOrigins: config.STORE_ORIGINS,
      vaultOrigin: () => origin,
      frameConfigs,
      frameSessions,
      // The same counters as the card-attempt limits: in Redis with REDIS_URL, so every instance counts together.
      counters: app.attemptCounters,
      limits: {
        windowMs: config.VAULT_TOKENIZE_WINDOW_MINUTES * 60_000,
        perAddress: config.VAULT_TOKENIZE_PER_ADDRESS,
        perShopper: config.VAULT_TOKENIZE_PER_SHOPPER,
        perMerchant: config.VAULT_TOKENIZE_PER_MERCHANT,
      },
      // The same trust function as the store's server: one TRUST_PROXY decides the visitor's address for both.
      trustProxy: proxyTrustFor(config),
      onLimited: ({ ip, subject }) => app.log.warn({ ip, subject }, 'vault tokenize over the limit'),
    });
    app.addHook('onReady', async () => {
      await server.listen({ port, host: config.HOST });
      const actual = (server.server.address() as AddressInfo).port;
      if (!config.VAULT_PUBLIC_URL) origin = `http://localhost:${actual}`;
      app.log.info({ vaultOrigin: origin }, 'card vault listening');
    });
    app.addHook('onClose', async () => {
      await server.close();
    });
  },
  { name: 'vault', dependencies: ['db', 'attempt-counters'] },
);
