import { Link } from 'react-router';
import { formatCents } from '@store/shared';
import { useAdminDashboardQuery } from './dashboard-api.ts';
import { Button, TableScroll } from '../../../components/ui/index.ts';
import { ORDER_STATE_LABELS, ORDER_STATES } from '../orders/order-states.ts';

/** /admin and /admin/dashboard: the day's and week's sales, orders by state, what waits for an admin. */
export default function DashboardSection() {
  const { data, isError, refetch } = useAdminDashboardQuery(undefined, { refetchOnMountOrArgChange: true });

  if (isError) {
    return (
      <section className="admin-panel">
        <p>We couldn't load the dashboard.</p>
        <Button variant="ghost" onClick={() => void refetch()}>
          Try again
        </Button>
      </section>
    );
  }
  if (!data) return <p role="status">Loading the dashboard…</p>;

  return (
    <div data-testid="admin-dashboard">
      <h2>Dashboard</h2>
      <dl className="admin-tiles">
        <Tile label="Sales today" value={formatCents(data.salesTodayCents)} testId="sales-today" />
        <Tile label="Sales this week" value={formatCents(data.salesThisWeekCents)} testId="sales-week" />
        <Tile label="Pending cash-outs" value={String(data.pendingCashouts)} to="/admin/cashouts" testId="pending-cashouts" />
        <Tile
          label="Pending identity reviews"
          value={String(data.pendingIdentityReviews)}
          to="/admin/identity-reviews"
          testId="pending-identity-reviews"
        />
        <Tile label="Open chats" value={String(data.openChats)} to="/admin/chats" testId="open-chats" />
      </dl>
      <section className="admin-panel" style={{ marginTop: 16 }}>
        <h3>Orders by state</h3>
        <TableScroll label="Orders by state table">
          <table className="admin-table">
            <tbody>
              {ORDER_STATES.map((state) => (
                <tr key={state}>
                  <th scope="row">
                    <Link to={`/admin/orders?state=${state}`}>{ORDER_STATE_LABELS[state]}</Link>
                  </th>
                  <td data-testid={`orders-${state}`}>{data.ordersByState[state] ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </div>
  );
}

function Tile({ label, value, to, testId }: { label: string; value: string; to?: string; testId: string }) {
  return (
    <div className="admin-tile">
      <dt>{to ? <Link to={to}>{label}</Link> : label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
