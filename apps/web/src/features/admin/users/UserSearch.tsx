import { ROLE_LABELS } from '@store/shared';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Pager, TableScroll } from '../../../components/ui/index.ts';
import { formatWhen } from '../components/format.ts';
import { useAdminUsersQuery } from './users-api.ts';

const pageOf = (raw: string | null) => {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** Users by the start of their e-mail or name, on the server, 20 a page (?q= and ?page= in the address). */
export function UserSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = pageOf(params.get('page'));
  const [text, setText] = useState(q);
  const { data, isFetching, isError, refetch } = useAdminUsersQuery({ q: q || undefined, page }, { refetchOnMountOrArgChange: true });

  function search(event: FormEvent) {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  }
  const goTo = (next: number) => setParams({ ...(q ? { q } : {}), ...(next > 1 ? { page: String(next) } : {}) });

  return (
    <div>
      <h2>Users</h2>
      <form className="admin-form" role="search" onSubmit={search}>
        <label>
          E-mail or name starts with
          <input name="q" value={text} maxLength={254} onChange={(event) => setText(event.target.value)} />
        </label>
        <Button type="submit" variant="ghost">
          Search
        </Button>
      </form>
      {isError ? (
        <section className="admin-panel">
          <p>We couldn't load the users.</p>
          <Button variant="ghost" onClick={() => void refetch()}>
            Try again
          </Button>
        </section>
      ) : !data ? (
        <p role="status">Loading users…</p>
      ) : data.users.length === 0 ? (
        <p>No user matches.</p>
      ) : (
        <>
          <TableScroll label="Users table">
            <table className="admin-table" aria-busy={isFetching} aria-label="Users">
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {data.users.map((user) => (
                  <tr key={user.id} data-testid="admin-user-row">
                    <td>
                      <Link to={`/admin/users/${encodeURIComponent(user.id)}`}>{user.email}</Link>
                    </td>
                    <td>
                      {user.firstname} {user.lastname}
                    </td>
                    <td>{ROLE_LABELS[user.role]}</td>
                    <td>{formatWhen(user.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={data.page} hasMore={data.hasMore} onPage={goTo} label="User pages" />
        </>
      )}
    </div>
  );
}
