import { useState } from 'react';
import { formatCents, type AdminCoupon, type AdminCouponInput } from '@store/shared';
import { formatWhen } from '../components/format.ts';
import { failureText } from '../../../lib/api-failure.ts';
import { Outcome } from '../components/Outcome.tsx';
import { readSaveFailure } from '../forms/save-failure.ts';
import { CouponForm, type SubmitResult } from './CouponForm.tsx';
import { COUPON_SERVER_FIELDS, couponToForm, emptyCoupon } from './coupon-form.ts';
import {
  useAdminCouponsQuery,
  useCreateCouponMutation,
  useDisableCouponMutation,
  useUpdateCouponMutation,
  type AdminCouponRow,
} from './coupons-api.ts';
import { Button, TableScroll } from '../../../components/ui/index.ts';

type Editing = { mode: 'new' } | { mode: 'edit'; coupon: AdminCouponRow } | null;

/**
 * A coupon's state in words (issue 24): disabled by an admin, used up, past its window, not yet open, or
 * active. `now` is the page's clock: the list is read afresh on each visit.
 */
function couponState(
  c: Pick<AdminCoupon, 'active' | 'endsAt' | 'startsAt' | 'maxRedemptions' | 'completedRedemptions'>,
  now = Date.now(),
): string {
  if (!c.active) return 'Disabled';
  if (c.endsAt && Date.parse(c.endsAt) <= now) return 'Expired';
  if (c.maxRedemptions !== null && c.completedRedemptions >= c.maxRedemptions) return 'Used up';
  if (Date.parse(c.startsAt) > now) return 'Scheduled';
  return 'Active';
}
const amountText = (c: AdminCouponRow) => (c.kind === 'PERCENT' ? `${c.amount}% off` : `${formatCents(c.amount)} off`);
const limitText = (n: number | null) => (n === null ? 'no limit' : String(n));

/** /admin/coupons: coupons with their uses so far; create, edit, disable. */
export default function CouponsSection() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const q = search.trim();
  const list = useAdminCouponsQuery({ page, ...(q ? { q } : {}) }, { refetchOnMountOrArgChange: true });
  const [create] = useCreateCouponMutation();
  const [update] = useUpdateCouponMutation();
  const [disable] = useDisableCouponMutation();

  async function save(values: AdminCouponInput): Promise<SubmitResult | void> {
    try {
      if (editing?.mode === 'edit') await update({ id: editing.coupon.id, body: { ...values, version: editing.coupon.version } }).unwrap();
      else await create(values).unwrap();
      setNotice({ ok: true, text: `Coupon ${values.code} ${editing?.mode === 'edit' ? 'saved' : 'created'}.` });
      setEditing(null);
    } catch (error) {
      const refused = readSaveFailure(error, COUPON_SERVER_FIELDS);
      if (refused.field) return { field: refused.field, message: refused.message };
      setNotice({ ok: false, text: refused.message });
      // Another admin changed it since: show theirs (the list asks again); the admin edits from that.
      if (refused.stale) {
        setEditing(null);
        void list.refetch();
      }
    }
  }

  async function disableNow(c: AdminCouponRow) {
    try {
      await disable({ id: c.id, version: c.version }).unwrap();
      setNotice({ ok: true, text: `Coupon ${c.code} disabled.` });
    } catch (error) {
      setNotice({ ok: false, text: failureText(error) });
    }
  }

  return (
    <div data-testid="admin-coupons">
      <h2>Coupons</h2>
      <Outcome outcome={notice} />
      {editing ? (
        <section className="admin-panel">
          <h3>{editing.mode === 'edit' ? `Edit ${editing.coupon.code}` : 'New coupon'}</h3>
          <CouponForm
            key={editing.mode === 'edit' ? `${editing.coupon.id}:${editing.coupon.version}` : 'new'}
            initial={editing.mode === 'edit' ? couponToForm(editing.coupon) : emptyCoupon}
            submitLabel={editing.mode === 'edit' ? 'Save coupon' : 'Create coupon'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </section>
      ) : (
        <Button variant="ghost" onClick={() => (setNotice(null), setEditing({ mode: 'new' }))}>
          New coupon
        </Button>
      )}
      <section className="admin-panel" style={{ marginTop: 16 }}>
        <label>
          Code starts with <input type="search" value={search} maxLength={32} onChange={(e) => (setPage(1), setSearch(e.target.value))} />
        </label>
        {list.isError && <p role="alert">We couldn't load the coupons.</p>}
        {list.data && (
          <TableScroll label="Coupons table">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>Code</th>
                  <th>Discount</th>
                  <th>Minimum</th>
                  <th>Window</th>
                  <th>Uses so far</th>
                  <th>Limits (all / per shopper)</th>
                  <th>State</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.data.coupons.map((c) => (
                  <tr key={c.id} data-testid={`coupon-${c.code}`}>
                    <td>{c.code}</td>
                    <td>{amountText(c)}</td>
                    <td>{c.minSubtotalCents ? formatCents(c.minSubtotalCents) : '—'}</td>
                    <td>
                      {formatWhen(c.startsAt)} – {formatWhen(c.endsAt)}
                    </td>
                    <td>
                      {c.redeemedCount} ({c.completedRedemptions} completed)
                    </td>
                    <td>
                      {limitText(c.maxRedemptions)} / {limitText(c.perUserLimit)}
                    </td>
                    <td data-testid="coupon-state">{couponState(c)}</td>
                    <td>
                      <Button variant="ghost" onClick={() => (setNotice(null), setEditing({ mode: 'edit', coupon: c }))}>
                        Edit
                      </Button>{' '}
                      {c.active && (
                        <Button variant="danger" onClick={() => void disableNow(c)}>
                          Disable
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        <div className="admin-pager">
          <Button variant="ghost" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>Page {page}</span>
          <Button variant="ghost" disabled={!list.data?.hasMore} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      </section>
    </div>
  );
}
