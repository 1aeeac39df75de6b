import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { adminSections } from '../sections.ts';

/**
 * The console's sections (issue 24): one nav, a sidebar on a desktop and, on a phone, a list that a
 * disclosure button opens. One list for both, so the links and their names exist once; the stylesheet
 * decides which form shows. The list closes when a section is picked or with Escape.
 */
export function ConsoleNav({ home }: { home: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  // The section shown: the one in the address, or the home section on /admin itself.
  const current = /^\/admin\/?$/.test(pathname) ? home : /^\/admin\/([^/]+)/.exec(pathname)?.[1];

  // Any navigation (a link here, back, a link inside a section) closes the phone's list.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <nav className="admin-console__nav" aria-label="Admin sections" onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="admin-console__menu-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        Sections
      </button>
      <ul id={listId} className={open ? 'admin-console__sections admin-console__sections--open' : 'admin-console__sections'}>
        {adminSections.map((section) => (
          <li key={section.path}>
            <Link
              to={`/admin/${section.path}`}
              className={section.path === current ? 'admin-console__link active' : 'admin-console__link'}
              aria-current={section.path === current ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
