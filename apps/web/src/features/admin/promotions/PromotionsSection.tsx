import { useState } from 'react';
import { formatCoins, type AdminPromotionInput } from '@store/shared';
import { formatWhen } from '../components/format.ts';
import { failureText } from '../../../lib/api-failure.ts';
import { Outcome } from '../components/Outcome.tsx';
import { readSaveFailure } from '../forms/save-failure.ts';
import { PromotionForm, type SubmitResult } from './PromotionForm.tsx';
import { emptyPromotion, PROMOTION_SERVER_FIELDS, PROMOTION_SLOTS, promotionToForm, slotOf } from './promotion-form.ts';
import {
  useAdminPromotionsQuery,
  useCreatePromotionMutation,
  useEndPromotionMutation,
  useUpdatePromotionMutation,
  type AdminPromotionRow,
} from './promotions-api.ts';
import { Button, TableScroll } from '../../../components/ui/index.ts';

type Editing = { mode: 'new' } | { mode: 'edit'; promotion: AdminPromotionRow } | null;
const STATUSES = ['running', 'scheduled', 'ended'] as const;
/** A promotion's status in words (issue 24). */
const STATUS_LABELS: Record<(typeof STATUSES)[number], string> = { running: 'Running', scheduled: 'Scheduled', ended: 'Ended' };

const bonusText = (p: AdminPromotionRow) =>
  p.bonusType === 'PERCENTAGE' ? `${p.bonusPercentage}%` : `${formatCoins(p.bonusPercentage)} coins`;

/** /admin/promotions: the active, web and eligibility promotions; create, edit, end; the schedule. */
export default function PromotionsSection() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<(typeof STATUSES)[number] | ''>('');
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useAdminPromotionsQuery({ page, ...(status ? { status } : {}) }, { refetchOnMountOrArgChange: true });
  const [create] = useCreatePromotionMutation();
  const [update] = useUpdatePromotionMutation();
  const [end] = useEndPromotionMutation();

  async function save(values: AdminPromotionInput): Promise<SubmitResult | void> {
    try {
      if (editing?.mode === 'edit')
        await update({ id: editing.promotion.id, body: { ...values, version: editing.promotion.version } }).unwrap();
      else await create(values).unwrap();
      setNotice({ ok: true, text: editing?.mode === 'edit' ? 'Promotion saved.' : 'Promotion created.' });
      setEditing(null);
    } catch (error) {
      const refused = readSaveFailure(error, PROMOTION_SERVER_FIELDS);
      if (refused.field) return { field: refused.field, message: refused.message };
      setNotice({ ok: false, text: refused.message });
      // Another admin changed it since: show theirs (the list asks again); the admin edits from that.
      if (refused.stale) {
        setEditing(null);
        void list.refetch();
      }
    }
  }

  async function endNow(p: AdminPromotionRow) {
    try {
      await end({ id: p.id, version: p.version }).unwrap();
      setNotice({ ok: true, text: `${p.name} has ended.` });
    } catch (error) {
      setNotice({ ok: false, text: failureText(error) });
    }
  }

  return (
    <div data-testid="admin-promotions">
      <h2>Promotions</h2>
      <Outcome outcome={notice} />
      {editing ? (
        <section className="admin-panel">
          <h3>{editing.mode === 'edit' ? `Edit ${editing.promotion.name}` : 'New promotion'}</h3>
          <PromotionForm
            key={editing.mode === 'edit' ? `${editing.promotion.id}:${editing.promotion.version}` : 'new'}
            initial={editing.mode === 'edit' ? promotionToForm(editing.promotion) : emptyPromotion}
            submitLabel={editing.mode === 'edit' ? 'Save promotion' : 'Create promotion'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </section>
      ) : (
        <Button variant="ghost" onClick={() => (setNotice(null), setEditing({ mode: 'new' }))}>
          New promotion
        </Button>
      )}
      <section className="admin-panel" style={{ marginTop: 16 }}>
        <label>
          Show{' '}
          <select value={status} onChange={(e) => (setPage(1), setStatus(e.target.value as typeof status))}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        {list.isError && <p role="alert">We couldn't load the promotions.</p>}
        {list.data && (
          <TableScroll label="Promotions table">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>Promotion</th>
                  <th>Name</th>
                  <th>Bonus</th>
                  <th>Starts</th>
                  <th>Ends</th>
                  <th>Status</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.data.promotions.map((p) => (
                  <tr key={p.id} data-testid={`promotion-${p.id}`}>
                    <td>{PROMOTION_SLOTS[slotOf(p)].label}</td>
                    <td>{p.name}</td>
                    <td>{bonusText(p)}</td>
                    <td>{formatWhen(p.startsAt)}</td>
                    <td>{formatWhen(p.endsAt)}</td>
                    <td>{STATUS_LABELS[p.status]}</td>
                    <td>
                      <Button variant="ghost" onClick={() => (setNotice(null), setEditing({ mode: 'edit', promotion: p }))}>
                        Edit
                      </Button>{' '}
                      {p.status !== 'ended' && (
                        <Button variant="danger" onClick={() => void endNow(p)}>
                          End now
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
