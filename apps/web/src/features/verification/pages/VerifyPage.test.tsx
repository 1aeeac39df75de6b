import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { JumioRecord } from '@store/shared';
import { renderPage } from '../../../../test/render.tsx';
import type { VerificationRecordView } from '../types.ts';
import VerifyPage from './VerifyPage.tsx';

const ready = (jumio: JumioRecord | null): VerificationRecordView => ({ state: 'ready', jumio, reload: vi.fn() });

function renderVerify(record: VerificationRecordView) {
  return renderPage(<VerifyPage record={record} />, { path: '/verify' });
}

const recordPanel = () => screen.getByRole('region', { name: 'Verification record' });

describe('/verify page', () => {
  it('says the record is loading', () => {
    renderVerify({ state: 'loading', jumio: null, reload: vi.fn() });
    expect(screen.getByRole('heading', { level: 1, name: 'Your identity verification' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your verification record…');
    expect(screen.queryByRole('link', { name: 'Open the identity check' })).not.toBeInTheDocument();
  });

  it('offers to load again after a failure', async () => {
    const record: VerificationRecordView = { state: 'error', jumio: null, reload: vi.fn() };
    const { user } = renderVerify(record);
    expect(recordPanel()).toHaveTextContent("We couldn't load your verification record.");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(record.reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no record', null],
    ['attempts unset', { attempts: null, decision: null, status: 'INITIATED' }],
  ])('shows "Not started" with %s, and leads to the identity check', async (_case, jumio) => {
    const { user } = renderVerify(ready(jumio));
    const panel = recordPanel();
    expect(within(panel).getByText('Not started')).toBeInTheDocument();
    expect(panel).toHaveTextContent('You have not started identity verification yet');
    expect(within(panel).queryByText('Attempts')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How verification works' })).toHaveAttribute('href', '/kyc-info');
    await user.click(screen.getByRole('link', { name: 'Open the identity check' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('Now at /kyc-jumio');
  });

  it('shows Verified with nothing else to do', () => {
    renderVerify(ready({ attempts: 1, decision: 'PASSED', status: 'DONE' }));
    const panel = recordPanel();
    expect(within(panel).getByText('Verified')).toHaveClass('verification-step--verified');
    expect(panel).toHaveTextContent('Your identity is confirmed.');
    expect(panel).toHaveTextContent('What to do: Nothing else to do.');
    expect(within(panel).getByText('Attempts').nextElementSibling).toHaveTextContent('1');
    // In words, never the provider's raw values (issue 24).
    expect(within(panel).getByText('Decision').nextElementSibling).toHaveTextContent('Passed');
    expect(within(panel).getByText('Check status').nextElementSibling).toHaveTextContent('Finished');
    expect(panel).not.toHaveTextContent(/PASSED|DONE/);
    expect(screen.queryByRole('link', { name: 'Open the identity check' })).not.toBeInTheDocument();
  });

  it('shows Pending while documents are being checked, with nothing to do yet', () => {
    renderVerify(ready({ attempts: 1, decision: null, status: 'ACQUIRED' }));
    const panel = recordPanel();
    expect(within(panel).getByText('Pending')).toHaveClass('verification-step--pending');
    expect(panel).toHaveTextContent('Your documents were received and are being checked.');
    expect(within(panel).getByText('Decision').nextElementSibling).toHaveTextContent('None yet');
    expect(within(panel).getByText('Check status').nextElementSibling).toHaveTextContent('Documents received, being checked');
    expect(screen.queryByRole('link', { name: 'Open the identity check' })).not.toBeInTheDocument();
  });

  it('tells a shopper who started a check and sent nothing to finish it, not that documents arrived (issue 24)', () => {
    renderVerify(ready({ attempts: 1, decision: null, status: 'INITIATED' }));
    const panel = recordPanel();
    expect(within(panel).getByText('Pending')).toBeInTheDocument();
    expect(panel).toHaveTextContent('You started the identity check but have not sent your photo ID and selfie yet.');
    expect(panel).not.toHaveTextContent('documents were received');
    expect(within(panel).getByText('Check status').nextElementSibling).toHaveTextContent('Started, waiting for your documents');
    expect(screen.getByRole('link', { name: 'Open the identity check' })).toHaveAttribute('href', '/kyc-jumio');
  });

  it('shows Retry after a failed check, with the attempts so far and a way to try again', async () => {
    const { user } = renderVerify(ready({ attempts: 2, decision: 'REJECTED', status: 'DONE' }));
    const panel = recordPanel();
    expect(within(panel).getByText('Retry')).toHaveClass('verification-step--retry');
    expect(panel).toHaveTextContent('The last check did not pass');
    expect(panel).toHaveTextContent('What to do: Try the identity check again');
    expect(within(panel).getByText('Attempts').nextElementSibling).toHaveTextContent('2');
    expect(within(panel).getByText('Decision').nextElementSibling).toHaveTextContent('Not passed');
    await user.click(screen.getByRole('link', { name: 'Open the identity check' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('Now at /kyc-jumio');
  });
});
