// The framed return page's one script (lib/framed-return.ts serves the page, inline, allowed by its hash): a
// provider's page that ran in the pay page's dialog has finished, and this page, on the store's origin, tells
// the pay page (its parent, same origin only) where the flow goes on. The destination is the body's data-to.
import { PROVIDER_PAGE_FINISHED } from '@store/shared';

parent.postMessage({ type: PROVIDER_PAGE_FINISHED, to: document.body.getAttribute('data-to') }, location.origin);
