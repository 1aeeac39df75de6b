import { useId, useRef, useState } from 'react';
import { formatBalance, totalBalance, type UserProfile } from '@store/shared';
import { useOutsideClick } from './use-outside-click.ts';
import { CoinIcon } from './icons.tsx';

export const DEFAULT_AVATAR = '/default-avatar.svg';

/** SPEC §2: the user's image (default avatar if none), the total wallet balance and Logout. */
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
          <div className="profile-dropdown__head">
            <img className="avatar avatar--large" src={image} alt="Profile picture" width={48} height={48} />
            <div>
              <strong>{name}</strong>
              {profile && <span className="muted">{profile.email}</span>}
            </div>
          </div>
          <div className="profile-dropdown__balance">
            <span className="muted">Total balance</span>
            <span className="profile-dropdown__amount">
              <CoinIcon /> {formatBalance(totalBalance(profile?.coins))}
            </span>
          </div>
          <button type="button" className="profile-dropdown__logout" data-testid="logout-button" onClick={onLogout}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
