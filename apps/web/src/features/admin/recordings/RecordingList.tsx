import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Pager, TableScroll } from '../../../components/ui/index.ts';
import { formatWhen } from '../components/format.ts';
import { useAdminRecordingsQuery } from './recordings-api.ts';

const FILTERS = [
  { name: 'userId', label: 'User id' },
  { name: 'orderId', label: 'Order id' },
  { name: 'chatId', label: 'Chat id' },
] as const;
type Filters = Record<(typeof FILTERS)[number]['name'], string>;

/** The recorded sessions, newest first, filtered by the query string. */
export function RecordingList() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    userId: params.get('userId')?.trim() ?? '',
    orderId: params.get('orderId')?.trim() ?? '',
    chatId: params.get('chatId')?.trim() ?? '',
  };
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const [form, setForm] = useState(filters);
  const { data, isError, isFetching, refetch } = useAdminRecordingsQuery(
    { page, userId: filters.userId || undefined, orderId: filters.orderId || undefined, chatId: filters.chatId || undefined },
    { refetchOnMountOrArgChange: true },
  );

  const show = (next: Filters, nextPage = 1) =>
    setParams({
      ...Object.fromEntries(Object.entries(next).filter(([, value]) => value.trim())),
      ...(nextPage > 1 ? { page: String(nextPage) } : {}),
    });
  function submit(event: FormEvent) {
    event.preventDefault();
    show(form);
  }

  return (
    <div>
      <h2>Recordings</h2>
      <form className="admin-form" role="search" aria-label="Recording filters" onSubmit={submit}>
        {FILTERS.map(({ name, label }) => (
          <label key={name}>
            {label}
            <input name={name} value={form[name]} maxLength={100} onChange={(event) => setForm({ ...form, [name]: event.target.value })} />
          </label>
        ))}
        <Button type="submit" variant="ghost">
          Filter
        </Button>
      </form>
      {isError ? (
        <section className="admin-panel">
          <p>We couldn't load the recordings.</p>
          <Button variant="ghost" onClick={() => void refetch()}>
            Try again
          </Button>
        </section>
      ) : !data ? (
        <p role="status">Loading the recordings…</p>
      ) : data.recordings.length === 0 ? (
        <p>No recording matches.</p>
      ) : (
        <>
          <TableScroll label="Recordings table">
            <table className="admin-table" aria-busy={isFetching} aria-label="Recordings">
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">Ended</th>
                  <th scope="col">Who</th>
                  <th scope="col">Pages</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Events</th>
                  <th scope="col">Replay</th>
                </tr>
              </thead>
              <tbody>
                {data.recordings.map((recording) => (
                  <tr key={recording.id} data-testid="admin-recording-row">
                    <td>{formatWhen(recording.startedAt)}</td>
                    <td>{formatWhen(recording.endedAt)}</td>
                    <td>
                      {recording.userId ? (
                        <Link to={`/admin/users/${encodeURIComponent(recording.userId)}`}>{recording.userEmail ?? recording.userId}</Link>
                      ) : (
                        'Guest'
                      )}
                    </td>
                    <td>{recording.paths.join(', ')}</td>
                    <td>
                      {recording.orderIds.map((orderId) => (
                        <Link key={orderId} to={`/admin/orders/${encodeURIComponent(orderId)}`}>
                          {orderId}
                        </Link>
                      ))}
                    </td>
                    <td>{recording.eventCount}</td>
                    <td>
                      <Link to={`/admin/recordings/${encodeURIComponent(recording.id)}`}>Replay</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={data.page} hasMore={data.hasMore} onPage={(next) => show(filters, next)} label="Recording pages" />
        </>
      )}
    </div>
  );
}
