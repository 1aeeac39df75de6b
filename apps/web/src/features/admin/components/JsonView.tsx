/** A value as pretty JSON (audit before/after); text only, never HTML. */
export function JsonView({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  return <pre className="admin-json">{JSON.stringify(value, null, 2)}</pre>;
}
