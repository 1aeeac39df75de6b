import type { ReactNode } from 'react';

/**
 * A console table's box (issue 24): a table wider than a phone scrolls sideways inside it, so the page
 * itself never does. Focusable and named, so a keyboard user can reach it and scroll it with the arrows.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
