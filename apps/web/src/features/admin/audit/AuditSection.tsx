import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { JsonView } from '../components/JsonView.tsx';
import { Button, Pager, TableScroll } from '../../../components/ui/index.ts';
import { formatWhen } from '../components/format.ts';
import { useAdminAuditQuery } from './audit-api.ts';

/** /admin/audit: every admin change, newest first, by admin and action; read-only, as the log itself is. */
export default function AuditSection() {
  const [params, setParams] = useSearchParams();
  const actor = params.get('actorEmail')?.trim() ?? '';
  const action = params.get('action')?.trim() ?? '';
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const [form, setForm] = useState({ actor, action });
  const { data, isError, isFetching, refetch } = useAdminAuditQuery(
    { page, actorEmail: actor || undefined, action: action || undefined },
    { refetchOnMountOrArgChange: true },
  );

  const show = (filters: { actor: string; action: string }, nextPage = 1) =>
    setParams({
      ...(filters.actor.trim() ? { actorEmail: filters.actor.trim() } : {}),
      ...(filters.action.trim() ? { action: filters.action.trim() } : {}),
      ...(nextPage > 1 ? { page: String(nextPage) } : {}),
    });
  function submit(event: FormEvent) {
    event.preventDefault();
    show(form);
  }

  return (
    <div>
      <h2>Audit log</h2>
      <form className="admin-form" role="search" aria-label="Audit filters" onSubmit={submit}>
        <label>
          Admin's e-mail
          <input
            name="actorEmail"
            type="email"
            value={form.actor}
            maxLength={200}
            onChange={(event) => setForm({ ...form, actor: event.target.value })}
          />
        </label>
        <label>
          Action (e.g. wallet.adjust)
          <input name="action" value={form.action} maxLength={100} onChange={(event) => setForm({ ...form, action: event.target.value })} />
        </label>
        <Button type="submit" variant="ghost">
          Filter
        </Button>
      </form>
      {isError ? (
        <section className="admin-panel">
          <p>We couldn't load the audit log.</p>
          <Button variant="ghost" onClick={() => void refetch()}>
            Try again
          </Button>
        </section>
      ) : !data ? (
        <p role="status">Loading the audit log…</p>
      ) : data.entries.length === 0 ? (
        <p>No entry matches.</p>
      ) : (
        <>
          <TableScroll label="Audit log table">
            <table className="admin-table" aria-busy={isFetching} aria-label="Audit log">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Target</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr key={entry.id} data-testid="admin-audit-row">
                    <td>{formatWhen(entry.createdAt)}</td>
                    <td>{entry.actorEmail ?? entry.actorId}</td>
                    <td>{entry.action}</td>
                    <td>
                      {entry.targetType === 'user' ? (
                        <Link to={`/admin/users/${encodeURIComponent(entry.targetId)}`}>
                          {entry.targetLabel ?? `user ${entry.targetId}`}
                        </Link>
                      ) : entry.targetType === 'order' ? (
                        <Link to={`/admin/orders/${encodeURIComponent(entry.targetId)}`}>
                          {entry.targetLabel ? `Order ${entry.targetLabel}` : `order ${entry.targetId}`}
                        </Link>
                      ) : (
                        `${entry.targetType} ${entry.targetLabel ?? entry.targetId}`
                      )}
                    </td>
                    <td>
                      <JsonView value={entry.before} label={`Before, entry ${entry.id}`} />
                    </td>
                    <td>
                      <JsonView value={entry.after} label={`After, entry ${entry.id}`} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={data.page} hasMore={data.hasMore} onPage={(next) => show({ actor, action }, next)} label="Audit pages" />
        </>
      )}
    </div>
  );
}
