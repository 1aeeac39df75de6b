import { Link } from 'react-router';
import { useSiteSettingsQuery } from '../../../lib/site-data/settings.ts';

export interface ConsoleAccount {
  /** The signed-in admin's e-mail. */
  email: string;
  onSignOut: () => void;
}

/**
 * The console's own header (issue 24): the store's name and "Admin console", who is signed in, the way
 * back to the store and sign-out. None of the shopper's header (balance, cart, app badges) belongs here.
 */
export function ConsoleHeader({ email, onSignOut }: ConsoleAccount) {
  const { data: settings } = useSiteSettingsQuery();
  return (
    <header className="admin-console__header" data-testid="admin-console-header">
      <div className="admin-console__brand">
        {settings && <span className="admin-console__store">{settings.companyName}</span>}
        <h1 className="admin-console__title">Admin console</h1>
      </div>
      <div className="admin-console__account">
        <span className="admin-console__email" data-testid="admin-console-email">
          {email}
        </span>
        <Link className="admin-console__action" to="/">
          Back to the store
        </Link>
        <button type="button" className="admin-console__action" onClick={onSignOut}>
          Sign out
        </button>
      </div>
    </header>
  );
}
