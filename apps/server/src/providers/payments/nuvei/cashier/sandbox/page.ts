// The cashier sandbox's hosted payment page: the shopper's cards saved here, or a new card typed into
// the card vault's hosted field (an iframe of the vault's origin, so the card number never reaches this
// page's script, let alone the API: the script only receives the vault's token), a "save this card"
// box, Pay and Cancel. The script speaks the hosted fields' postMessage protocol, as the store's pages
// do (apps/web hosted-fields.ts).
import { formatCents } from '@store/shared';
import { escapeHtml } from '@store/server-kit';
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
        `<label class="row"><input type="radio" name="card" value="${escapeHtml(c.userPaymentOptionId)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(c.brand)} •••• ${escapeHtml(c.last4)} <small>${String(c.expMonth).padStart(2, '0')}/${String(c.expYear % 100).padStart(2, '0')}</small></label>`,
    )
    .join('');
  const newChecked = view.savedCards.length === 0 ? ' checked' : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Secure checkout</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem}.row{display:block;margin:.5rem 0}
#card-field iframe{border:0;width:100%;height:3.2rem}button{font:inherit;padding:.6rem 1.4rem;margin:.8rem .5rem 0 0}#error{color:#b00020}</style></head>
<body data-vault-origin="${escapeHtml(vaultOrigin)}" data-session="${escapeHtml(frameSession.session)}" data-session-expires-at="${escapeHtml(frameSession.expiresAt)}"><h1>Secure checkout</h1>
<p>Sandbox card provider: pay <strong>${escapeHtml(formatCents(view.amountCents))}</strong>.</p>
<form id="cashier" method="post" action="/sandbox/cashier/${escapeHtml(pageId)}">
<input type="hidden" name="secret" value="${escapeHtml(secret)}"><input type="hidden" name="cardToken" value="">
${saved ? `<fieldset><legend>Your saved cards</legend>${saved}</fieldset>` : ''}
<label class="row"><input type="radio" name="card" value="new"${newChecked}> A new card</label>
<div id="card-field" data-testid="cashier-card-field"></div>
<label class="row"><input type="checkbox" name="saveCard" value="true"> Save this card for next time</label>
<p id="error" role="alert"></p>
<button type="submit" name="action" value="pay">Pay</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form><script src="${PAGE_SCRIPT_PATH}"></script></body></html>`;
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
  frame.src = vaultOrigin + '/fields/card-number?origin=' + encodeURIComponent(window.location.origin) + '&session=' + encodeURIComponent(session);
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
