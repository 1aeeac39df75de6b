/** The last change's result above a list whose row may be gone after it (decided, reviewed). */
export function Outcome({ outcome }: { outcome: { ok: boolean; text: string } | null }) {
  if (!outcome) return null;
  return (
    <p
      className={`admin-result admin-result--${outcome.ok ? 'ok' : 'error'}`}
      role={outcome.ok ? 'status' : 'alert'}
      data-testid="admin-outcome"
    >
      {outcome.text}
    </p>
  );
}
