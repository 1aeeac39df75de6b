import { MobileMenu, type MobileMenuItem } from './MobileMenu.tsx';
import type { AppLinks } from './app-links.tsx';

const ITEMS: MobileMenuItem[] = [
  { to: '/login', label: 'Sign In' },
  { to: '/', label: 'Home' },
  // Beyond SPEC §2's list: a guest browses the packages too (issue 24).
  { to: '/products', label: 'Products' },
  { to: '/about-us', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

export function PublicMobileMenu({ links }: { links: AppLinks }) {
  return <MobileMenu items={ITEMS} links={links} />;
}
