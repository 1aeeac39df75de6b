// The cashier sandbox's hosted payment page: the shopper's cards saved here, or a new card typed into
// the card vault's hosted field (an iframe of the vault's origin, so the card number never reaches this
// page's script, let alone the API: the script only receives the vault's token), a "save this card"
// box, Pay and Cancel. The script speaks the hosted fields' postMessage protocol, as the store's pages
// do (apps/web hosted-fields.ts).
import { formatCents } from '@store/shared';
import { escapeHtml } from '@store/server-kit';
import { providerPage } from '../../../../../lib/provider-page.ts';
import type { CashierPageView } from './gateway.ts';

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

/**
 * Frames the vault's card field; on Pay with a new card, asks it for a token first, then posts the form.
 * The frame's session (ADR 032) is renewed from this page's own route when it is about to run out, or when
 * the vault says it has (a shopper who lingers on the page can still pay).
 */
export const PAGE_SCRIPT = `(function () {
  'use strict';
  var vaultOrigin = document.body.getAttribute('data-vault-origin');
  var session = document.body.getAttribute('data-session') || '';
  var sessionExpiresAt = Date.parse(document.body.getAttribute('data-session-expires-at') || '') || 0;
  var form = document.getElementById('cashier');
  var error = document.getElementById('error');
  var frame = document.createElement('iframe');
  frame.title = 'Card number';
  // The vault's dark fields, as on the store's own pay page.
  frame.src = vaultOrigin + '/fields/card-number?origin=' + encodeURIComponent(window.location.origin) + '&session=' + encodeURIComponent(session) + '&theme=dark';
  document.getElementById('card-field').appendChild(frame);
  var ready = false, waiting = null, counter = 0, renewed = false;
  function renewSession() {
    return fetch(form.getAttribute('action') + '/frame-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: form.elements.secret.value }),
    }).then(function (res) {
      if (!res.ok) throw new Error('Unable to get token');
      return res.json();
    }).then(function (json) {
      session = json.session;
      sessionExpiresAt = Date.parse(json.expiresAt) || 0;
    });
  }
  function askForToken() {
    counter += 1;
    waiting = 'cashier-' + counter;
    frame.contentWindow.postMessage({ type: 'tokenize', requestId: waiting, session: session }, vaultOrigin);
  }
  function tokenize() {
    if (sessionExpiresAt - Date.now() > 60000) return askForToken();
    renewSession().then(askForToken, function (err) { error.textContent = err.message; });
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== vaultOrigin || event.source !== frame.contentWindow) return;
    var data = event.data || {};
    // Marked on the form too, so a test can wait for the field rather than for a time.
    if (data.type === 'loaded') { ready = true; form.setAttribute('data-field-ready', 'true'); }
    if (!waiting || data.requestId !== waiting) return;
    waiting = null;
    if (data.type === 'token') { form.elements.cardToken.value = data.token; send('pay'); }
    else if (data.type === 'error' && data.code === 'VAULT_SESSION_EXPIRED' && !renewed) {
      renewed = true;
      renewSession().then(askForToken, function (err) { error.textContent = err.message; });
    } else if (data.type === 'error') error.textContent = data.message || 'Unable to get token';
  });
  function send(action) {
    var input = document.createElement('input');
    input.type = 'hidden'; input.name = 'action'; input.value = action;
    form.appendChild(input);
    form.submit();
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var action = event.submitter && event.submitter.value === 'cancel' ? 'cancel' : 'pay';
    var chosen = form.querySelector('input[name=card]:checked');
    if (action === 'cancel' || (chosen && chosen.value !== 'new')) return send(action);
    if (!ready) { error.textContent = 'The card field is still loading. Please try again.'; return; }
    error.textContent = '';
    renewed = false;
    tokenize();
  });
})();
`;
