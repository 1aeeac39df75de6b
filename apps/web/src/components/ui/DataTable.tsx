import type { ReactNode } from 'react';

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

/** Server paging (ADR 022): the page shown and whether another follows; no total is ever counted. */
export function Pager({ page, hasMore, onPage, label }: { page: number; hasMore: boolean; onPage: (page: number) => void; label: string }) {
  return (
    <nav className="ui-pager" aria-label={label}>
      <button type="button" className="btn btn--ghost ui-pager__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>Page {page}</span>
      <button type="button" className="btn btn--ghost ui-pager__button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
