import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JumioRecord } from '@store/shared';
import { renderPage } from '../../../../test/render.tsx';
import { VerificationBadge } from './VerificationBadge.tsx';

function renderBadge(jumio: JumioRecord | null) {
  return renderPage(<VerificationBadge jumio={jumio} />);
}

describe('verification badge (SPEC §4)', () => {
  it('is not shown without a verification record or before any attempt', () => {
    renderBadge(null);
    expect(screen.queryByTestId('verification-badge')).not.toBeInTheDocument();
  });

  it('is not shown when attempts is not set', () => {
    renderBadge({ attempts: null, decision: null, status: 'INITIATED' });
    expect(screen.queryByTestId('verification-badge')).not.toBeInTheDocument();
  });

  it('reads Verified when the decision is PASSED', () => {
    renderBadge({ attempts: 2, decision: 'PASSED', status: 'DONE' });
    expect(screen.getByTestId('verification-badge')).toHaveTextContent('Verified');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each(['INITIATED', 'ACQUIRED'])('reads Pending (yellow) while the status is %s', (status) => {
    renderBadge({ attempts: 1, decision: null, status });
    const badge = screen.getByTestId('verification-badge');
    expect(badge).toHaveTextContent('Pending');
    expect(badge).toHaveClass('verification-badge--pending');
  });

  it('reads Retry (red) otherwise, and clicking it goes to /verify', async () => {
    const user = userEvent.setup();
    const { router } = renderBadge({ attempts: 1, decision: 'REJECTED', status: 'DONE' });
    const badge = screen.getByRole('button', { name: /Retry/ });
    expect(badge).toHaveClass('verification-badge--retry');
    await user.click(badge);
    expect(router.state.location.pathname).toBe('/verify');
  });
});
