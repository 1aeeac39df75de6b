import { useId, useRef, useState } from 'react';
import { useOutsideClick } from './use-outside-click.ts';
import { AppLinkItems, type AppLinks } from './app-links.tsx';
import { ChevronDownIcon } from './icons.tsx';

/** Desktop "Get the App" item: the submenu opens on hover (SPEC §2), and on click or keyboard too. */
export function GetTheAppMenu({ links }: { links: AppLinks }) {
  const [open, setOpen] = useState(false);
  // A click right after the hover that opened the menu (a mouse, or a tap's emulated hover) keeps it
  // open instead of toggling it shut.
  const openedByHover = useRef(false);
  const ref = useRef<HTMLDivElement>(null);
  const submenuId = useId();
  useOutsideClick(ref, () => setOpen(false), open);

  return (
    <div
      ref={ref}
      className="nav-submenu"
      onMouseEnter={() => {
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        openedByHover.current = false;
        setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="nav-link nav-submenu__trigger"
        aria-expanded={open}
        aria-controls={submenuId}
        onClick={() => {
          if (open && openedByHover.current) openedByHover.current = false;
          else setOpen(!open);
        }}
      >
        Get the App <ChevronDownIcon />
      </button>
      {open && (
        <ul id={submenuId} className="submenu" aria-label="Get the App">
          <AppLinkItems links={links} onFollow={() => setOpen(false)} />
        </ul>
      )}
    </div>
  );
}
