import { KYC_CAPABILITY_NAMES, KYC_DECISION_NAMES, kycName, kycWords, type KycEvidence } from '@store/shared';

/**
 * What the provider returned about the check, as a reviewer reads it (issue 24): each capability's result in
 * words ("Image checks: Rejected — Digital copy"), the document's kind, country and expiry, and the risk score.
 */
export function ReviewEvidence({ evidence }: { evidence: KycEvidence | null }) {
  if (!evidence) return <span className="muted">No finished check yet.</span>;
  const { checks, document, riskScore } = evidence;
  return (
    <div className="admin-evidence" data-testid="admin-identity-evidence">
      {checks.length > 0 ? (
        <ul aria-label="Checks the provider ran">
          {checks.map((check, index) => (
            <li key={`${check.capability}-${index}`} data-decision={check.decision}>
              <strong>{KYC_CAPABILITY_NAMES[check.capability] ?? check.capability}:</strong> {kycName(KYC_DECISION_NAMES, check.decision)}
              {check.label && check.label !== 'OK' ? ` — ${kycWords(check.label)}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">The provider named no single check.</p>
      )}
      {document ? (
        <p>
          Document: {document.type ? kycWords(document.type) : 'unknown kind'}
          {document.issuingCountry ? `, issued by ${document.issuingCountry}` : ''}
          {document.expiryDate ? `, expires ${document.expiryDate}` : ''}
        </p>
      ) : null}
      {riskScore !== null ? <p className="muted">Risk score {riskScore} of 100</p> : null}
    </div>
  );
}
