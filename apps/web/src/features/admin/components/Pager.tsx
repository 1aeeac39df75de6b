/** Server paging (ADR 022): the page shown and whether another follows; no total is ever counted. */
export function Pager({ page, hasMore, onPage, label }: { page: number; hasMore: boolean; onPage: (page: number) => void; label: string }) {
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="admin-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>Page {page}</span>
      <button type="button" className="admin-button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
