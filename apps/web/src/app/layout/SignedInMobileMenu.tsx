import { MobileMenu, type MobileMenuItem } from './MobileMenu.tsx';
import type { AppLinks } from './app-links.tsx';

const ITEMS: MobileMenuItem[] = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/about-us', label: 'About' },
];

export function SignedInMobileMenu({ links }: { links: AppLinks }) {
  return <MobileMenu items={ITEMS} links={links} />;
}
