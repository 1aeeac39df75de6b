import { Link } from 'react-router';
import { useSiteSettingsQuery } from '../../lib/site-data/settings.ts';

/** The store's logo and name, a link home; its accessible name holds the name it shows (WCAG 2.5.3). */
export function Logo() {
  const { data: settings } = useSiteSettingsQuery();
  return (
    <Link to="/" className="logo" aria-label={settings ? `${settings.companyName} home` : 'Home'}>
      <img src="/logo.svg" alt="" width={40} height={40} />
      {settings && <span className="logo__name">{settings.companyName}</span>}
    </Link>
  );
}
