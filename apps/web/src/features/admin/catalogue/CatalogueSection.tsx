import { useState, type FormEvent } from 'react';
import { formatCents, formatCoins, type CatalogueAvailability, type CatalogueKind } from '@store/shared';
import { failureText } from '../../../lib/api-failure.ts';
import { Outcome } from '../components/Outcome.tsx';
import { Button, Pager, TableScroll } from '../../../components/ui/index.ts';
import { readSaveFailure } from '../forms/save-failure.ts';
import { CatalogueItemForm, type SubmitResult } from './CatalogueItemForm.tsx';
import { GiftCardCodes } from './GiftCardCodes.tsx';
import {
  useAdminCatalogueQuery,
  useCreateCatalogueItemMutation,
  useSetCatalogueAvailabilityMutation,
  useSetCataloguePositionMutation,
  useUpdateCatalogueItemMutation,
  type CatalogueItemBody,
  type CatalogueRow,
} from './catalogue-api.ts';
import { AVAILABILITY_LABELS, CATALOGUE_SERVER_FIELDS, emptyItem, itemToForm } from './catalogue-form.ts';

type Panel = { mode: 'new' } | { mode: 'edit'; item: CatalogueRow } | { mode: 'codes'; item: CatalogueRow } | null;
const KINDS: { kind: CatalogueKind; label: string; one: string }[] = [
  { kind: 'product', label: 'Coin packages', one: 'coin package' },
  { kind: 'giftCard', label: 'Gift cards', one: 'gift card' },
];

/** The position cell: a number the admin changes and sets (lower shows first in the shop). */
function PositionCell({ item, onSet }: { item: CatalogueRow; onSet: (position: number) => void }) {
  const [value, setValue] = useState(String(item.position));
  const valid = /^\d{1,7}$/.test(value) && Number(value) <= 1_000_000;
  return (
    <span>
      <input
        aria-label={`Position of ${item.name}`}
        inputMode="numeric"
        size={5}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={valid ? undefined : true}
      />{' '}
      <Button variant="ghost" disabled={!valid || Number(value) === item.position} onClick={() => onSet(Number(value))}>
        Set
      </Button>
    </span>
  );
}

/**
 * /admin/catalogue (ADR 023): coin packages and gift cards, hidden ones included, paged and searched on the
 * server; create and edit (with a picture), availability, display order; a gift card's code stock.
 */
export default function CatalogueSection() {
  const [kind, setKind] = useState<CatalogueKind>('product');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [availability, setAvailability] = useState<CatalogueAvailability | ''>('');
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useAdminCatalogueQuery(
    { kind, page, ...(q ? { q } : {}), ...(availability ? { availability } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  const [create] = useCreateCatalogueItemMutation();
  const [update] = useUpdateCatalogueItemMutation();
  const [setItemAvailability] = useSetCatalogueAvailabilityMutation();
  const [setItemPosition] = useSetCataloguePositionMutation();
  const one = KINDS.find((k) => k.kind === kind)!.one;

  function switchKind(next: CatalogueKind) {
    setKind(next);
    setPage(1);
    setPanel(null);
    setNotice(null);
  }

  function runSearch(e: FormEvent) {
    e.preventDefault();
    setPage(1);
    setQ(search.trim());
  }

  /** A 409 means another admin changed the item since the list was read: say so and read it again. */
  function refused(error: unknown) {
    setNotice({ ok: false, text: failureText(error) });
    void list.refetch();
  }

  async function save(values: CatalogueItemBody): Promise<SubmitResult | void> {
    try {
      if (panel?.mode === 'edit') {
        await update({ kind, id: panel.item.id, body: { ...values, version: panel.item.version } }).unwrap();
        setNotice({ ok: true, text: `${values.name} saved.` });
      } else {
        await create({ kind, body: values }).unwrap();
        setNotice({ ok: true, text: `${values.name} created.` });
      }
      setPanel(null);
    } catch (error) {
      const failure = readSaveFailure(error, CATALOGUE_SERVER_FIELDS);
      if (failure.field) return { field: failure.field, message: failure.message };
      setNotice({ ok: false, text: failure.message });
      if (failure.stale) {
        setPanel(null);
        void list.refetch();
      }
    }
  }

  async function changeAvailability(item: CatalogueRow, next: CatalogueAvailability) {
    try {
      await setItemAvailability({ kind, id: item.id, body: { availability: next, version: item.version } }).unwrap();
      setNotice({ ok: true, text: `${item.name}: ${AVAILABILITY_LABELS[next].toLowerCase()}.` });
    } catch (error) {
      refused(error);
    }
  }

  async function changePosition(item: CatalogueRow, position: number) {
    try {
      await setItemPosition({ kind, id: item.id, body: { position, version: item.version } }).unwrap();
      setNotice({ ok: true, text: `${item.name} moved to position ${position}.` });
    } catch (error) {
      refused(error);
    }
  }

  return (
    <div data-testid="admin-catalogue">
      <h2>Catalogue</h2>
      <div role="tablist" aria-label="Catalogue">
        {KINDS.map((k) => (
          <Button key={k.kind} role="tab" aria-selected={kind === k.kind} variant="ghost" onClick={() => switchKind(k.kind)}>
            {k.label}
          </Button>
        ))}
      </div>
      <Outcome outcome={notice} />
      {panel?.mode === 'new' || panel?.mode === 'edit' ? (
        <section className="admin-panel">
          <h3>{panel.mode === 'edit' ? `Edit ${panel.item.name}` : `New ${one}`}</h3>
          <CatalogueItemForm
            key={panel.mode === 'edit' ? `${panel.item.id}:${panel.item.version}` : `new:${kind}`}
            initial={panel.mode === 'edit' ? itemToForm(panel.item) : emptyItem(kind)}
            submitLabel={panel.mode === 'edit' ? 'Save' : `Create ${one}`}
            onSubmit={save}
            onCancel={() => setPanel(null)}
          />
        </section>
      ) : (
        <Button variant="ghost" onClick={() => (setNotice(null), setPanel({ mode: 'new' }))}>
          New {one}
        </Button>
      )}
      {panel?.mode === 'codes' && <GiftCardCodes key={panel.item.id} card={panel.item} onClose={() => setPanel(null)} />}
      <section className="admin-panel" style={{ marginTop: 16 }}>
        <form role="search" onSubmit={runSearch}>
          <label>
            Search <input type="search" value={search} maxLength={120} onChange={(e) => setSearch(e.target.value)} />
          </label>{' '}
          <label>
            Show{' '}
            <select value={availability} onChange={(e) => (setPage(1), setAvailability(e.target.value as CatalogueAvailability | ''))}>
              <option value="">All</option>
              {Object.entries(AVAILABILITY_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>{' '}
          <Button type="submit" variant="ghost">
            Search
          </Button>
        </form>
        {list.isError && <p role="alert">We couldn't load the catalogue.</p>}
        {list.data && list.data.items.length === 0 && <p>Nothing matches.</p>}
        {list.data && list.data.items.length > 0 && (
          <TableScroll label="Catalogue table">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>Position</th>
                  <th>Name</th>
                  {kind === 'giftCard' && <th>Brand</th>}
                  <th>Price</th>
                  <th>Coins</th>
                  <th>Availability</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((item) => (
                  <tr key={item.id} data-testid={`catalogue-${item.id}`}>
                    <td>
                      <PositionCell key={item.version} item={item} onSet={(position) => void changePosition(item, position)} />
                    </td>
                    <td>{item.name}</td>
                    {kind === 'giftCard' && <td>{item.brand}</td>}
                    <td>{formatCents(item.price)}</td>
                    <td>{formatCoins(item.coins)}</td>
                    <td>
                      <select
                        aria-label={`Availability of ${item.name}`}
                        value={item.availability}
                        onChange={(e) => void changeAvailability(item, e.target.value as CatalogueAvailability)}
                      >
                        {Object.entries(AVAILABILITY_LABELS).map(([value, label]) => (
                          <option key={value} value={value}>
                            {label}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <Button variant="ghost" onClick={() => (setNotice(null), setPanel({ mode: 'edit', item }))}>
                        Edit
                      </Button>
                      {kind === 'giftCard' && (
                        <>
                          {' '}
                          <Button variant="ghost" onClick={() => (setNotice(null), setPanel({ mode: 'codes', item }))}>
                            Codes
                          </Button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        <Pager
          page={page}
          hasMore={list.data?.hasMore ?? false}
          onPage={setPage}
          label={`Pages of ${KINDS.find((k) => k.kind === kind)!.label}`}
        />
      </section>
    </div>
  );
}
