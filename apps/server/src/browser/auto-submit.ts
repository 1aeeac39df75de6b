// Sends a page's answer on at once (inline, allowed by its hash): the form marked data-auto-submit is submitted
// as soon as the page loads. The sandboxes' hand-back pages use it (the bank's 3-D Secure answer to the store,
// the social provider's form_post); each has the form's own button for a browser without script.
document.querySelector<HTMLFormElement>('form[data-auto-submit]')?.submit();
