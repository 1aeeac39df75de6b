import { Link, NavLink } from 'react-router';
import { useSiteSettingsQuery } from '../../lib/site-data/settings.ts';
import { Logo } from './Logo.tsx';
import { GetTheAppMenu } from './GetTheAppMenu.tsx';
import { PublicMobileMenu } from './PublicMobileMenu.tsx';

/**
 * SPEC §2 "Public header": About, Contact, Get the App, logo home, Login and New account; and Products, since a
 * guest may browse the packages before signing up (issue 24).
 */
export function PublicHeader() {
  const { data: settings } = useSiteSettingsQuery();
  return (
    <header className="site-header" data-testid="public-header">
      <div className="site-header__inner">
        <Logo />
        <nav className="site-nav desktop-only" aria-label="Main">
          <NavLink className="nav-link" to="/products">
            Products
          </NavLink>
          <NavLink className="nav-link" to="/about-us">
            About
          </NavLink>
          <NavLink className="nav-link" to="/contact">
            Contact
          </NavLink>
          <GetTheAppMenu links={settings} />
        </nav>
        <div className="site-header__actions">
          <Link className="btn btn--ghost desktop-only" to="/login">
            Login
          </Link>
          <Link className="btn btn--primary" to="/signup">
            New account
          </Link>
          <PublicMobileMenu links={settings} />
        </div>
      </div>
    </header>
  );
}
