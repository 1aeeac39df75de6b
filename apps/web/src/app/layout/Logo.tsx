import { Link } from 'react-router';
import { useSiteSettingsQuery } from '../../lib/site-data/settings.ts';

export function Logo() {
  const { data: settings } = useSiteSettingsQuery();
  return (
    <Link to="/" className="logo" aria-label="Home">
      <img src="/logo.svg" alt="" width={40} height={40} />
      {settings && <span className="logo__name">{settings.companyName}</span>}
    </Link>
  );
}
