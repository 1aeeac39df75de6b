import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { JumioRecord } from '@store/shared';
import { renderPage } from '../../../test/render.tsx';
import type { VerificationRecordView } from '../types.ts';
import KycJumioPage from './KycJumioPage.tsx';

const ready = (jumio: JumioRecord | null): VerificationRecordView => ({ state: 'ready', jumio, reload: vi.fn() });

function renderKyc(record: VerificationRecordView) {
  return renderPage(<KycJumioPage record={record} />, { path: '/kyc-jumio' });
}

describe('/kyc-jumio page', () => {
  it('explains the identity check, says plainly it is not available online yet, and leads to support', async () => {
    const { user } = renderKyc(ready(null));
    expect(screen.getByRole('heading', { level: 1, name: 'Identity check' })).toBeInTheDocument();
    expect(screen.getByText(/photograph both sides of a government-issued photo ID/)).toBeInTheDocument();

    const notice = screen.getByRole('note');
    expect(within(notice).getByRole('heading', { name: 'Online verification is not available yet' })).toBeInTheDocument();
    expect(notice).toHaveTextContent('The identity check cannot be opened from the store at the moment.');
    // Nothing pretends to start a check.
    expect(screen.queryByRole('button', { name: /start|verify/i })).not.toBeInTheDocument();

    await user.click(within(notice).getByRole('link', { name: 'Contact support' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('Now at /contact');
  });

  it('shows the current status: not started', () => {
    renderKyc(ready(null));
    const panel = screen.getByRole('region', { name: 'Verification record' });
    expect(within(panel).getByText('Not started')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'your verification page' })).toHaveAttribute('href', '/verify');
  });

  it.each([
    [{ attempts: 1, decision: 'PASSED', status: 'DONE' }, 'Verified', 'Nothing else to do.'],
    [{ attempts: 1, decision: null, status: 'ACQUIRED' }, 'Pending', 'Your documents were received and are being checked.'],
    [{ attempts: 3, decision: 'REJECTED', status: 'DONE' }, 'Retry', 'The last check did not pass'],
  ])('shows the current status %#: %s', (jumio, label, text) => {
    renderKyc(ready(jumio));
    const panel = screen.getByRole('region', { name: 'Verification record' });
    expect(within(panel).getByText(label)).toBeInTheDocument();
    expect(panel).toHaveTextContent(text);
    expect(within(panel).getByText('Attempts').nextElementSibling).toHaveTextContent(String(jumio.attempts));
  });

  it('says the record is loading', () => {
    renderKyc({ state: 'loading', jumio: null, reload: vi.fn() });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your verification record…');
  });

  it('offers to load the record again after a failure, keeping the support notice', async () => {
    const record: VerificationRecordView = { state: 'error', jumio: null, reload: vi.fn() };
    const { user } = renderKyc(record);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(record.reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('note')).toHaveTextContent('Online verification is not available yet');
  });
});
