import type { Settings } from '@store/shared';
import { AndroidIcon, AppleIcon } from './icons.tsx';

export type AppLinks = Pick<Settings, 'iosAppUrl' | 'androidAppUrl'> | undefined;

/** The iOS and Android links of the Get the App menus; external, so a new tab without opener access. */
export function AppLinkItems({ links, onFollow }: { links: AppLinks; onFollow?: () => void }) {
  if (!links) {
    return <li className="submenu__note">Loading app links…</li>;
  }
  return (
    <>
      <li>
        <a href={links.iosAppUrl} target="_blank" rel="noopener noreferrer" onClick={onFollow}>
          <AppleIcon /> iOS
        </a>
      </li>
      <li>
        <a href={links.androidAppUrl} target="_blank" rel="noopener noreferrer" onClick={onFollow}>
          <AndroidIcon /> Android
        </a>
      </li>
    </>
  );
}
