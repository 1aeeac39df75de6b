import type { ReactNode } from 'react';
import { formatBalance, formatCoins } from '@store/shared';

interface BalanceFigureProps {
  value: number;
  /** What the figure is, read before it: "Total wallet balance", "Winnings". */
  label: string;
  className?: string;
  /** On the shown figure alone, so its text stays exactly SPEC §9's form. */
  testId?: string;
  /** Shown before the figure (the coin icon). */
  children?: ReactNode;
}

/**
 * A balance as SPEC §9 shows it (2 decimals below 10000, compact K/M above), with the whole figure
 * ("14,150 coins", issue 24) on hover (title), on keyboard focus (a tip) and for screen readers (the
 * hidden text, which they read instead of the short form).
 */
export function BalanceFigure({ value, label, className, testId, children }: BalanceFigureProps) {
  const full = `${formatCoins(value)} coins`;
  return (
    // Focusable though not interactive, so a keyboard user can bring up the whole figure too.
    <span className={`balance-figure${className ? ` ${className}` : ''}`} tabIndex={0} title={full}>
      {children}
      <span aria-hidden="true" data-testid={testId}>
        {formatBalance(value)}
      </span>
      <span className="sr-only">{`${label}: ${full}`}</span>
      <span className="balance-figure__tip" aria-hidden="true">
        {full}
      </span>
    </span>
  );
}
