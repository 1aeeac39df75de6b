// The cashier sandbox's hosted payment page: the shopper's cards saved here, or a new card typed into
// the card vault's hosted field (an iframe of the vault's origin, so the card number never reaches this
// page's script, let alone the API: the script only receives the vault's token), a "save this card"
// box, Pay and Cancel. The script speaks the hosted fields' postMessage protocol, as the store's pages
// do (apps/web hosted-fields.ts).
import { formatCents } from '@store/shared';
import { escapeHtml } from '@store/server-kit';
import { providerPage } from '../../../../../lib/provider-page.ts';
import type { CashierPageView } from './gateway.ts';
import { browserScript } from '../../../../../lib/browser-scripts.ts';

export const PAGE_SCRIPT_PATH = '/sandbox/cashier/page.js';

/** `frameSession`: the card frame's session (ADR 032) for the page's shopper; the script renews it through FRAME_SESSION_PATH. */
export function cashierPage(
  pageId: string,
  secret: string,
  view: CashierPageView,
  vaultOrigin: string,
  frameSession: { session: string; expiresAt: string },
): string {
  const saved = view.savedCards
    .map(
      (c, i) =>
        `<label class="choice"><input type="radio" name="card" value="${escapeHtml(c.userPaymentOptionId)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(c.brand)} •••• ${escapeHtml(c.last4)} <small>${String(c.expMonth).padStart(2, '0')}/${String(c.expYear % 100).padStart(2, '0')}</small></label>`,
    )
    .join('');
  const newChecked = view.savedCards.length === 0 ? ' checked' : '';
  return providerPage({
    title: 'Secure checkout',
    provider: 'Sandbox card provider · Secure checkout',
    bodyAttributes: `data-vault-origin="${escapeHtml(vaultOrigin)}" data-session="${escapeHtml(frameSession.session)}" data-session-expires-at="${escapeHtml(frameSession.expiresAt)}"`,
    body: `<style>#card-field iframe{border:0;width:100%;height:3.2rem}</style><h1>Secure checkout</h1>
<p>Pay <strong>${escapeHtml(formatCents(view.amountCents))}</strong>.</p>
<form id="cashier" method="post" action="/sandbox/cashier/${escapeHtml(pageId)}">
<input type="hidden" name="secret" value="${escapeHtml(secret)}"><input type="hidden" name="cardToken" value="">
${saved ? `<fieldset><legend>Your saved cards</legend>${saved}</fieldset>` : ''}
<label class="choice"><input type="radio" name="card" value="new"${newChecked}> A new card</label>
<div id="card-field" data-testid="cashier-card-field"></div>
<label class="choice"><input type="checkbox" name="saveCard" value="true"> Save this card for next time</label>
<p id="error" class="error" role="alert"></p>
<div class="actions"><button class="primary" type="submit" name="action" value="pay">Pay</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></div>
</form>`,
    after: `<script src="${PAGE_SCRIPT_PATH}"></script>`,
  });
}

/** The page's script (src/browser/cashier-sandbox-page.ts, built at build time). */
export const pageScript = (): string => browserScript('cashier-sandbox-page');
