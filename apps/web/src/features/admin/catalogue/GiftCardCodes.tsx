import { useId, useState } from 'react';
import { GIFT_CODE_CSV_MAX_BYTES, GIFT_CODE_CSV_MAX_ROWS } from '@store/shared';
import { failureText } from '../../../lib/api-failure.ts';
import { useGiftCardCodeStockQuery, useImportGiftCardCodesMutation, type CatalogueRow, type CodeImportReport } from './catalogue-api.ts';
import { Button, FilePicker, OutcomeMessage, TableScroll } from '../../../components/ui/index.ts';

/** The file's text (FileReader: every browser has it, and so does the test DOM, whose File lacks text()). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('This file could not be read.'));
    reader.readAsText(file);
  });
}

const REASONS: Record<CodeImportReport['refused'][number]['reason'], string> = {
  empty: 'Empty row',
  tooLong: 'Too long',
  tooShort: 'Too short',
  badCharacters: 'Bad characters',
  formulaLeading: 'Starts like a formula',
  columnCount: 'Wrong number of columns',
  duplicateInFile: 'Duplicate in the file',
  alreadyInStock: 'Already in stock',
  alreadySold: 'Already sold',
};

/**
 * A gift card's code stock (ADR 023): how many codes are left, and a CSV import with its report. Counts
 * only: no code in stock or sold is ever shown here.
 */
export function GiftCardCodes({ card, onClose }: { card: CatalogueRow; onClose: () => void }) {
  const rejectId = useId();
  const stock = useGiftCardCodeStockQuery(card.id, { refetchOnMountOrArgChange: true });
  const [importCodes, importing] = useImportGiftCardCodesMutation();
  const [file, setFile] = useState<File | null>(null);
  const [rejectAll, setRejectAll] = useState(false);
  const [report, setReport] = useState<CodeImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit() {
    setReport(null);
    setFailure(null);
    if (!file) return setFailure('Choose a CSV file of codes.');
    if (file.size > GIFT_CODE_CSV_MAX_BYTES) return setFailure('This file is over 1 MB. Split it into smaller files.');
    try {
      const csv = await readText(file);
      setReport(await importCodes({ id: card.id, csv, onRefused: rejectAll ? 'reject' : 'skip' }).unwrap());
    } catch (error) {
      setFailure(failureText(error));
    }
  }

  return (
    <section className="admin-panel" aria-label={`Codes of ${card.name}`} data-testid="gift-card-codes">
      <h3>Codes of {card.name}</h3>
      {stock.data && (
        <p data-testid="codes-left">
          <strong>{stock.data.free.toLocaleString('en-US')}</strong> codes left · {stock.data.reserved.toLocaleString('en-US')} held by
          payments in progress · {stock.data.sold.toLocaleString('en-US')} sold
        </p>
      )}
      {stock.isError && <p role="alert">We couldn't load the stock.</p>}
      <div className="admin-form">
        <FilePicker
          label="CSV of codes"
          buttonText="Choose a file"
          accept=".csv,text/csv,text/plain"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          chosen={file?.name}
          hint={
            <>
              One code a row (4 to 64 letters, digits or hyphens), an optional header row &quot;code&quot;; at most 1 MB and{' '}
              {GIFT_CODE_CSV_MAX_ROWS.toLocaleString('en-US')} rows.
            </>
          }
        />
        <div>
          <label htmlFor={rejectId}>
            <input id={rejectId} type="checkbox" checked={rejectAll} onChange={(e) => setRejectAll(e.target.checked)} /> Import nothing if
            any row is refused
          </label>
        </div>
        <div>
          <Button variant="ghost" disabled={importing.isLoading} onClick={() => void submit()}>
            Import codes
          </Button>{' '}
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
      {failure && <OutcomeMessage tone="error">{failure}</OutcomeMessage>}
      {report && (
        <div data-testid="import-report">
          <OutcomeMessage tone="success">
            {report.taken.toLocaleString('en-US')} {report.taken === 1 ? 'code' : 'codes'} taken,{' '}
            {report.refused.length.toLocaleString('en-US')} refused
            {report.onRefused === 'reject' && report.refused.length > 0 ? ' (nothing imported)' : ''}.
          </OutcomeMessage>
          {report.refused.length > 0 && (
            <TableScroll label="Refused rows table">
              <table className="admin-table">
                <caption>Refused rows</caption>
                <thead>
                  <tr>
                    <th>Line</th>
                    <th>Code</th>
                    <th>Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {report.refused.map((r) => (
                    <tr key={r.line}>
                      <td>{r.line}</td>
                      <td>{r.code ?? '—'}</td>
                      <td title={r.message}>{REASONS[r.reason]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </div>
      )}
    </section>
  );
}
