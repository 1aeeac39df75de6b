import type { Settings } from '@store/shared';

/** Call to action for the mobile apps; links come from the store settings and open in a new tab. */
export function AppDownload({ settings }: { settings: Settings | undefined }) {
  return (
    <section className="app-download" aria-labelledby="app-download-title">
      <div className="app-download__text">
        <h2 id="app-download-title">Take the store with you</h2>
        <p>Top up on the go, follow your wallet and get notified the moment your coins land.</p>
      </div>
      {settings ? (
        <div className="app-download__links">
          <a className="store-badge" href={settings.iosAppUrl} target="_blank" rel="noopener noreferrer">
            Download on the App Store
          </a>
          <a className="store-badge" href={settings.androidAppUrl} target="_blank" rel="noopener noreferrer">
            Get it on Google Play
          </a>
        </div>
      ) : null}
    </section>
  );
}
