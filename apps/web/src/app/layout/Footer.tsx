import { Logo } from './Logo.tsx';
import { Link, useNavigate } from 'react-router';
import { COPYRIGHT_YEAR } from '@store/shared';
import { useSiteSettingsQuery } from '../../lib/site-data/settings.ts';
import { AndroidIcon, AppleIcon } from './icons.tsx';

/** SPEC §1/§2 footer: links, Contact Support, app downloads, company block, address, phone, copyright. */
export function Footer() {
  const navigate = useNavigate();
  const { data: settings } = useSiteSettingsQuery();

  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer__grid">
        <section className="footer-brand" aria-label="About the company">
          <Logo />
          {settings && <p className="footer-brand__text">{settings.companyDescription}</p>}
        </section>

        {/* One set of download buttons; the grid puts it under the brand on desktop, last on mobile. */}
        <section className="footer-apps" aria-label="Download the app">
          <a className="store-button" href={settings?.iosAppUrl} target="_blank" rel="noopener noreferrer" aria-disabled={!settings}>
            <AppleIcon />
            <span>
              <small>Download on the</small> App Store
            </span>
          </a>
          <a className="store-button" href={settings?.androidAppUrl} target="_blank" rel="noopener noreferrer" aria-disabled={!settings}>
            <AndroidIcon />
            <span>
              <small>Get it on</small> Google Play
            </span>
          </a>
        </section>

        <nav className="footer-links" aria-label="Footer">
          <div>
            <h2>Company</h2>
            <ul>
              <li>
                <Link to="/about-us">About us</Link>
              </li>
              <li>
                <Link to="/contact">Contact</Link>
              </li>
              <li>
                <Link to="/affiliate-artist">Affiliate artists</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2>Legal</h2>
            <ul>
              <li>
                <Link to="/use-policy-terms">Terms and Conditions</Link>
              </li>
              <li>
                <Link to="/privacy-policy">Privacy policy</Link>
              </li>
              <li>
                <Link to="/data-deletion">Data deletion</Link>
              </li>
            </ul>
          </div>
        </nav>

        <section className="footer-contact" aria-label="Contact details">
          <h2>Get in touch</h2>
          {settings && (
            <address className="postal-address">
              {settings.addressLines.map((line) => (
                <span key={line}>{line}</span>
              ))}
              <a href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}>{settings.phone}</a>
            </address>
          )}
          <button type="button" className="btn btn--outline" onClick={() => void navigate('/contact')}>
            Contact Support
          </button>
        </section>
      </div>
      <div className="site-footer__bottom">
        <p>{settings ? `© ${COPYRIGHT_YEAR} ${settings.companyName}` : `© ${COPYRIGHT_YEAR}`}</p>
      </div>
    </footer>
  );
}
