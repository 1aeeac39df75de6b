import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

/**
 * A table's box: a table wider than a phone scrolls sideways inside it, so the page itself never does.
 * Focusable and named, so a keyboard user can reach it and scroll it with the arrows.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ui-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * A list's pages. Server paging (ADR 022) knows the page shown and whether another follows; a list that counts
 * its rows also says how many pages there are (`of`). The labels say which way time runs ("Newer", "Older").
 */
export function Pager({
  page,
  hasMore,
  onPage,
  label,
  of,
  previousLabel = 'Previous',
  nextLabel = 'Next',
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  label: string;
  of?: number;
  previousLabel?: string;
  nextLabel?: string;
}) {
  return (
    <nav className="ui-pager" aria-label={label}>
      <Button variant="ghost" className="ui-pager__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </Button>
      <span>
        Page {page}
        {of ? ` of ${of}` : ''}
      </span>
      <Button variant="ghost" className="ui-pager__button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {nextLabel}
      </Button>
    </nav>
  );
}
