// The sandbox's hosted verification page (ADR 016), what Jumio's web page is for the real provider:
// an ID document photo and a selfie (file inputs that open the camera on a phone), the outcome the
// tester wants, and Submit. The script sends the images as data URLs to the same address; the server
// checks them, drops them and delivers the signed callbacks. No inline script (the page's CSP).
import { escapeHtml } from '@store/server-kit';
import { providerPage } from '../../../../lib/provider-page.ts';
import { browserScript } from '../../../../lib/browser-scripts.ts';

export const PAGE_SCRIPT_PATH = '/sandbox/kyc/page.js';

const OUTCOME_LABELS = {
  passed: 'Passed (the check approves the identity)',
  rejected: 'Rejected (the check refuses the document)',
  processing: 'Still processing (no decision yet)',
  expired: 'Expired (the session ends unfinished)',
} as const;

export function verificationPage(workflowExecutionId: string, secret: string, acquired: boolean): string {
  const outcomes = Object.entries(OUTCOME_LABELS)
    .map(
      ([value, label], i) =>
        `<label class="choice"><input type="radio" name="outcome" value="${value}"${i === 0 ? ' checked' : ''}> ${escapeHtml(label)}</label>`,
    )
    .join('');
  return providerPage({
    title: 'Identity check (sandbox)',
    provider: 'Sandbox verification partner',
    bodyAttributes: `data-execution="${escapeHtml(workflowExecutionId)}" data-secret="${escapeHtml(secret)}"`,
    body: `<style>#result{margin-top:.8rem;font-weight:600;color:#eef1f8}#result[data-kind=error]{color:#ff6b6b}</style>
<h1>Identity check</h1>
<p class="note">Nothing is checked for real here. The images are only checked for size and type, then discarded.</p>
${acquired ? '<p id="acquired">Your documents were received and are still being checked. Choose how the check ends.</p>' : ''}
<form id="kyc-form" novalidate>
<fieldset><legend>Photo ID</legend>
<label for="document">Front of your ID document</label>
<input id="document" name="document" type="file" accept="image/*" capture="environment" required>
<label for="selfie">A selfie</label>
<input id="selfie" name="selfie" type="file" accept="image/*" capture="user" required>
</fieldset>
<fieldset><legend>Outcome (sandbox)</legend>${outcomes}</fieldset>
<div class="actions"><button class="primary" type="submit" id="submit">Submit</button></div>
</form>
<p id="result" role="status" aria-live="polite"></p>`,
    after: `<script src="${PAGE_SCRIPT_PATH}"></script>`,
  });
}

/** The page's script (src/browser/kyc-sandbox-page.ts, built at build time). */
export const pageScript = (): string => browserScript('kyc-sandbox-page');
