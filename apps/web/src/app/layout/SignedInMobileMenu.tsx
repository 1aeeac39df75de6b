import { MobileMenu, type MobileMenuItem } from './MobileMenu.tsx';
import type { AppLinks } from './app-links.tsx';

// SPEC §2's Home, Products and About, and My purchases: on a phone the header's download icon is hidden, and a
// shopper must still reach their orders and codes (issue 24).
const ITEMS: MobileMenuItem[] = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/about-us', label: 'About' },
  { to: '/my-purchases', label: 'My purchases' },
];

export function SignedInMobileMenu({ links }: { links: AppLinks }) {
  return <MobileMenu items={ITEMS} links={links} />;
}
