import fp from 'fastify-plugin';
import type { AddressInfo } from 'node:net';
import { loadVaultKey } from './crypto.ts';
import { createFrameConfigSigner, type FrameConfigGrant } from './frame-config.ts';
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
    const vault = createVault(app.db, key, { relay: { destinations: relayDestinations, timeoutMs: config.VAULT_RELAY_TIMEOUT_MS } });
    const frameConfigs = createFrameConfigSigner(key);
    let origin = config.VAULT_PUBLIC_URL ? new URL(config.VAULT_PUBLIC_URL).origin : '';
    app.decorate('vault', { ...vault, origin: () => origin, signFrameConfig: (origins: string[]) => frameConfigs.sign(origins) });

    if (config.VAULT_PORT === 'off') return;
    const port = config.VAULT_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1);
    const server = createVaultServer({ vault, storeOrigins: config.STORE_ORIGINS, vaultOrigin: () => origin, frameConfigs });
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
  { name: 'vault', dependencies: ['db'] },
);
