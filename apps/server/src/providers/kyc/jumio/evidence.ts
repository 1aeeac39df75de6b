// What a reviewer is shown of a finished Jumio check (issue 24), read from the workflow details the
// retrieval service answers (Jumio's KYX guide, "Get Workflow Details"): decision.details.label and
// decision.risk.score, and each capability's decision — usability, imageChecks, extraction, dataChecks,
// liveness, similarity, watchlistScreening, … (an array each; decision.type and decision.details.label) —
// with the extraction's document type, issuing country and expiry date. Read leniently: a part Jumio shapes
// otherwise is left out, never a reason to refuse the decision. Bounded: a few dozen short strings at most.
// The shopper's name, birth date, document number and images are not kept (they stay at Jumio).
import { z } from 'zod';
import type { KycEvidence } from '@store/shared';

const MAX_CAPABILITIES = 16;
const MAX_ENTRIES_PER_CAPABILITY = 4;
const shortText = z.string().min(1).max(80);

const capabilityEntry = z.object({
  decision: z.object({ type: shortText, details: z.object({ label: shortText.optional() }).passthrough().optional() }).passthrough(),
  data: z.record(z.string(), z.unknown()).optional(),
});
const overallDecision = z.object({
  details: z.object({ label: shortText.optional() }).passthrough().optional(),
  risk: z.object({ score: z.number().finite().optional() }).passthrough().optional(),
});

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 40 ? value : null);

export function evidenceOf(decision: unknown, capabilities: unknown): KycEvidence {
  const overall = overallDecision.safeParse(decision ?? {});
  const checks: KycEvidence['checks'] = [];
  let document: KycEvidence['document'] = null;
  if (capabilities && typeof capabilities === 'object' && !Array.isArray(capabilities)) {
    for (const [capability, entries] of Object.entries(capabilities).slice(0, MAX_CAPABILITIES)) {
      if (capability.length > 40 || !Array.isArray(entries)) continue;
      for (const raw of entries.slice(0, MAX_ENTRIES_PER_CAPABILITY)) {
        const entry = capabilityEntry.safeParse(raw);
        if (!entry.success) continue;
        checks.push({ capability, decision: entry.data.decision.type, label: entry.data.decision.details?.label ?? null });
        const data = entry.data.data;
        if (capability === 'extraction' && data && !document) {
          document = {
            type: textOrNull(data.type),
            issuingCountry: textOrNull(data.issuingCountry),
            expiryDate: textOrNull(data.expiryDate),
          };
        }
      }
    }
  }
  return {
    label: overall.success ? (overall.data.details?.label ?? null) : null,
    riskScore: overall.success ? (overall.data.risk?.score ?? null) : null,
    checks,
    document,
  };
}
