import { Link, NavLink } from 'react-router';
import { useAppSelector } from '../../lib/hooks.ts';
import { useSiteSettingsQuery } from '../../lib/site-data/settings.ts';
import { selectUserJumio, selectUserProfile, selectWalletTotal } from '../../features/user/user-slice.ts';
import { VerificationBadge } from '../../features/user/components/VerificationBadge.tsx';
import { selectCartItemCount } from './cart-count.ts';
import { Logo } from './Logo.tsx';
import { GetTheAppMenu } from './GetTheAppMenu.tsx';
import { SignedInMobileMenu } from './SignedInMobileMenu.tsx';
import { ProfileDropdown } from './ProfileDropdown.tsx';
import { BalanceFigure } from './BalanceFigure.tsx';
import { BagIcon, CoinIcon, DownloadIcon } from './icons.tsx';
import { useSignOut } from './use-sign-out.ts';

/** SPEC §2 "Signed-in header". */
export function SignedInHeader() {
  const { data: settings } = useSiteSettingsQuery();
  const profile = useAppSelector(selectUserProfile);
  const jumio = useAppSelector(selectUserJumio);
  const balance = useAppSelector(selectWalletTotal);
  const cartCount = useAppSelector(selectCartItemCount);
  const signOut = useSignOut();

  return (
    <header className="site-header" data-testid="signed-in-header">
      <div className="site-header__inner">
        <Logo />
        <nav className="site-nav desktop-only" aria-label="Main">
          <NavLink className="nav-link" to="/products">
            Products
          </NavLink>
          <NavLink className="nav-link" to="/about-us">
            About
          </NavLink>
          <GetTheAppMenu links={settings} />
        </nav>
        <div className="site-header__actions">
          <VerificationBadge jumio={jumio} />
          {profile && (
            <BalanceFigure className="wallet-chip" value={balance} label="Total wallet balance" testId="wallet-balance">
              <CoinIcon />
            </BalanceFigure>
          )}
          <Link className="icon-button desktop-only" to="/my-purchases" aria-label="My purchases" title="My purchases">
            <DownloadIcon />
          </Link>
          <Link className="icon-button cart-link" to="/cart" aria-label={`Cart, ${cartCount} items`} title="Cart">
            <BagIcon />
            <span className="cart-badge" data-testid="cart-badge">
              {cartCount}
            </span>
          </Link>
          <ProfileDropdown profile={profile} onLogout={signOut} />
          <SignedInMobileMenu links={settings} />
        </div>
      </div>
    </header>
  );
}
