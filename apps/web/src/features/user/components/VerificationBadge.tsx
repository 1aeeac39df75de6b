import { useNavigate } from 'react-router';
import { VERIFICATION_LABELS, verificationStatus, type JumioRecord } from '@store/shared';

const TITLES = {
  verified: 'Your identity is verified',
  pending: 'We are checking your identity documents',
  retry: 'Identity verification did not pass. Try again',
} as const;

export function VerificationBadge({ jumio }: { jumio: JumioRecord | null | undefined }) {
  const navigate = useNavigate();
  const status = verificationStatus(jumio);
  if (!status) return null;
  const label = VERIFICATION_LABELS[status];

  if (status === 'retry') {
    return (
      <button
        type="button"
        className="verification-badge verification-badge--retry"
        data-testid="verification-badge"
        data-status={status}
        title={TITLES.retry}
        onClick={() => void navigate('/verify')}
      >
        <span className="verification-badge__dot" aria-hidden="true" />
        {label}
      </button>
    );
  }
  return (
    <span
      className={`verification-badge verification-badge--${status}`}
      data-testid="verification-badge"
      data-status={status}
      title={TITLES[status]}
    >
      <span className="verification-badge__dot" aria-hidden="true" />
      {label}
    </span>
  );
}
