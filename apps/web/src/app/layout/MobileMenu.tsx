import { useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { useOutsideClick } from './use-outside-click.ts';
import { AppLinkItems, type AppLinks } from './app-links.tsx';
import { BackIcon, CloseIcon, MenuIcon } from './icons.tsx';

export interface MobileMenuItem {
  to: string;
  label: string;
}

/**
 * The mobile menu of both headers (SPEC §2): a list of links plus Get the App, which switches to a
 * sub-list of the iOS and Android links with a Back button. Menu open, Close and Back are icon buttons.
 */
export function MobileMenu({ items, links }: { items: MobileMenuItem[]; links: AppLinks }) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<'main' | 'apps'>('main');
  const ref = useRef<HTMLDivElement>(null);

  const close = () => {
    setOpen(false);
    setView('main');
  };
  useOutsideClick(ref, close, open);

  return (
    <div ref={ref} className="mobile-menu-root mobile-only">
      <button
        type="button"
        className="icon-button"
        aria-label="Menu open"
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <MenuIcon />
      </button>
      {open && (
        <div className="mobile-menu" data-testid="mobile-menu" onKeyDown={(event) => event.key === 'Escape' && close()}>
          <div className="mobile-menu__bar">
            {view === 'apps' ? (
              <button type="button" className="icon-button" aria-label="Back" onClick={() => setView('main')}>
                <BackIcon />
              </button>
            ) : (
              <span className="mobile-menu__title">Menu</span>
            )}
            <button type="button" className="icon-button" aria-label="Close" onClick={close}>
              <CloseIcon />
            </button>
          </div>
          {view === 'main' ? (
            <nav aria-label="Mobile">
              <ul className="mobile-menu__list">
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end onClick={close}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <button type="button" className="mobile-menu__more" onClick={() => setView('apps')}>
                    Get the App
                  </button>
                </li>
              </ul>
            </nav>
          ) : (
            <ul className="mobile-menu__list" aria-label="Get the App">
              <AppLinkItems links={links} onFollow={close} />
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
