/**
 * A value as pretty JSON (audit before/after); text only, never HTML. A long one scrolls inside its box, which
 * a keyboard can reach and scroll too (WCAG 2.1.1): a named region in the tab order.
 */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  return (
    <pre className="admin-json" tabIndex={0} role="region" aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
