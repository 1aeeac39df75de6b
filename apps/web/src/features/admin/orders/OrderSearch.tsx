import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCents, formatOrderNumber } from '@store/shared';
import { Button, Pager, TableScroll } from '../../../components/ui/index.ts';
import { formatWhen } from '../components/format.ts';
import { useAdminOrdersQuery, type AdminOrderSearch } from './orders-api.ts';
import { isOrderState, ORDER_STATE_LABELS, ORDER_STATES } from './order-states.ts';

const FILTERS = ['q', 'userId', 'state', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const pageOf = (raw: string | null) => {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** Orders by id or e-mail, user, state and date range, searched on the server, 20 a page; the address keeps the search. */
export function OrderSearch() {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(FILTERS.map((name) => [name, params.get(name)?.trim() ?? ''])) as Filters;
  const page = pageOf(params.get('page'));
  const [form, setForm] = useState<Filters>(applied);
  const search: AdminOrderSearch = {
    page,
    q: applied.q || undefined,
    userId: applied.userId || undefined,
    state: isOrderState(applied.state) ? applied.state : undefined,
    from: applied.from || undefined,
    to: applied.to || undefined,
  };
  const { data, isFetching, isError, error, refetch } = useAdminOrdersQuery(search, { refetchOnMountOrArgChange: true });

  const setFilters = (filters: Filters, nextPage = 1) =>
    setParams({
      ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim())),
      ...(nextPage > 1 ? { page: String(nextPage) } : {}),
    });
  function submit(event: FormEvent) {
    event.preventDefault();
    setFilters(form);
  }
  const field = (name: keyof Filters) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <div>
      <h2>Orders</h2>
      <form className="admin-form" role="search" aria-label="Order search" onSubmit={submit}>
        <label>
          Order number, id or e-mail
          <input {...field('q')} maxLength={254} />
        </label>
        <label>
          User id
          <input {...field('userId')} maxLength={64} />
        </label>
        <label>
          State
          <select {...field('state')}>
            <option value="">Any</option>
            {ORDER_STATES.map((state) => (
              <option key={state} value={state}>
                {ORDER_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" {...field('from')} />
        </label>
        <label>
          To
          <input type="date" {...field('to')} />
        </label>
        <Button type="submit" variant="ghost">
          Search
        </Button>
      </form>
      {isError ? (
        <section className="admin-panel">
          {/* A refused filter (400) names itself; the shared handler also showed it. */}
          <p role="alert">{(error as { data?: { message?: string } })?.data?.message ?? "We couldn't load the orders."}</p>
          <Button variant="ghost" onClick={() => void refetch()}>
            Try again
          </Button>
        </section>
      ) : !data ? (
        <p role="status">Loading orders…</p>
      ) : data.orders.length === 0 ? (
        <p>No order matches.</p>
      ) : (
        <>
          <TableScroll label="Orders table">
            <table className="admin-table" aria-busy={isFetching} aria-label="Orders">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Shopper</th>
                  <th scope="col">State</th>
                  <th scope="col">Total</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {data.orders.map((order) => (
                  <tr key={order.id} data-testid="admin-order-row">
                    <td>
                      <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} title={order.id}>
                        {formatOrderNumber(order.number)}
                      </Link>
                    </td>
                    <td>
                      <Link to={`/admin/users/${encodeURIComponent(order.userId)}`}>{order.name || order.email}</Link>
                      {order.name ? <div className="admin-muted">{order.email}</div> : null}
                    </td>
                    <td>{ORDER_STATE_LABELS[order.status]}</td>
                    <td>{formatCents(order.totalCents)}</td>
                    <td>{formatWhen(order.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={data.page} hasMore={data.hasMore} onPage={(next) => setFilters(applied, next)} label="Order pages" />
        </>
      )}
    </div>
  );
}
