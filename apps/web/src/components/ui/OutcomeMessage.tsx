import type { ReactNode } from 'react';

export type OutcomeTone = 'error' | 'success' | 'info';

/**
 * The result of what a person just did. Errors interrupt (role="alert"); confirmations and notes are
 * announced politely (role="status").
 */
export function OutcomeMessage({ tone, children, testId }: { tone: OutcomeTone; children: ReactNode; testId?: string }) {
  return (
    <div className={`ui-outcome ui-outcome--${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
