import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SHOPPER_WALLETS, totalBalance, type UserProfile } from '@store/shared';
import { useOutsideClick } from './use-outside-click.ts';
import { CoinIcon } from './icons.tsx';
import { BalanceFigure } from './BalanceFigure.tsx';

export const DEFAULT_AVATAR = '/default-avatar.svg';

/**
 * SPEC §2: the user's image (default avatar if none), the total wallet balance and Logout; with issue 10
 * also each wallet's balance and a link to the wallet history.
 */
export function ProfileDropdown({ profile, onLogout }: { profile: UserProfile | null; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useOutsideClick(ref, () => setOpen(false), open);

  const image = profile?.image || DEFAULT_AVATAR;
  const name = profile ? `${profile.firstname} ${profile.lastname}`.trim() : '';

  return (
    <div ref={ref} className="profile" onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="profile__button"
        data-testid="profile-menu-button"
        aria-label="Profile menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <img className="avatar" src={image} alt="" width={36} height={36} />
      </button>
      {open && (
        <div id={panelId} className="profile-dropdown" data-testid="profile-dropdown" role="group" aria-label="Profile">
          <div className="profile-dropdown__head rr-mask">
            <img className="avatar avatar--large" src={image} alt="Profile picture" width={48} height={48} />
            <div>
              <strong>{name}</strong>
              {profile && <span className="muted">{profile.email}</span>}
            </div>
          </div>
          <div className="profile-dropdown__balance">
            <span className="muted">Total balance</span>
            <BalanceFigure className="profile-dropdown__amount" value={totalBalance(profile?.coins)} label="Total balance">
              <CoinIcon />
            </BalanceFigure>
          </div>
          <dl className="profile-dropdown__wallets" data-testid="profile-wallets">
            {SHOPPER_WALLETS.map(([wallet, label]) => (
              <div key={wallet} className="profile-dropdown__wallet" data-testid={`profile-${wallet}`}>
                <dt className="muted">{label}</dt>
                <dd>
                  <BalanceFigure value={profile?.coins[wallet] ?? 0} label={label} />
                </dd>
              </div>
            ))}
          </dl>
          <Link className="profile-dropdown__link" to="/profile" onClick={() => setOpen(false)}>
            Edit profile
          </Link>
          <Link className="profile-dropdown__link" to="/wallet-history" onClick={() => setOpen(false)}>
            Wallet history
          </Link>
          <Link className="profile-dropdown__link" to="/cash-out" onClick={() => setOpen(false)}>
            Cash out
          </Link>
          <Link className="profile-dropdown__link" to="/redeem" onClick={() => setOpen(false)}>
            Redeem a gift card
          </Link>
          {profile?.role === 'ADMIN' && (
            // Issue 12: the console, for admins only (the route and the server check the role again).
            <Link className="profile-dropdown__link" to="/admin" data-testid="admin-console-link" onClick={() => setOpen(false)}>
              Admin console
            </Link>
          )}
          <button type="button" className="profile-dropdown__logout" data-testid="logout-button" onClick={onLogout}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
