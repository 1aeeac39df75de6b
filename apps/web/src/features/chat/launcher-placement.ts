// Issue 24: on a phone the chat launcher never covers a button. It floats in the bottom-right corner; when a
// control passes under it (a right-hand Apply, a product's Add to cart at the screen's foot), it rises just
// above it, and if there is no free place in the screen's lower half it steps out of sight until the shopper
// scrolls on. Measured from the page as it is laid out, so it holds for any page, without a list of pages.

const PHONE = '(max-width: 768px)';
/** What a shopper taps: buttons, links drawn as buttons, form fields and the hosted card fields' frames. */
const CONTROLS = 'button, [role=button], a.btn, a.store-button, input:not([type=hidden]), select, textarea, iframe';

export type Placement = { lift: number } | 'hidden';

/** Where the launcher goes: raised by `lift` pixels from its corner, or hidden when nowhere is free. */
export function placeLauncher(launcher: HTMLElement): Placement {
  // With the panel open the launcher stays in its corner, under the panel (chat.css places them together).
  if (!window.matchMedia?.(PHONE).matches || launcher.getAttribute('aria-expanded') === 'true') return { lift: 0 };
  const style = getComputedStyle(launcher);
  const size = launcher.offsetHeight;
  const gap = parseFloat(style.right) || 0;
  const right = window.innerWidth - gap;
  const left = right - launcher.offsetWidth;
  const home = window.innerHeight - (parseFloat(style.bottom) || 0);
  const under = [...document.querySelectorAll(CONTROLS)]
    .filter((el) => !el.closest('.chat-widget') && el !== launcher)
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0 && r.left < right && r.right > left);
  let bottom = home;
  for (;;) {
    const top = bottom - size;
    if (top < window.innerHeight / 2) return 'hidden';
    const hit = under.find((r) => r.top < bottom && r.bottom > top);
    if (!hit) return { lift: home - bottom };
    bottom = hit.top - gap;
  }
}

/** Keeps the launcher placed while the page scrolls, resizes or changes; returns the stop function. */
export function keepLauncherClear(launcher: HTMLElement): () => void {
  let frame = 0;
  const place = () => {
    frame = 0;
    const placement = placeLauncher(launcher);
    launcher.classList.toggle('chat-launcher--stepped-aside', placement === 'hidden');
    launcher.style.setProperty('--chat-launcher-lift', placement === 'hidden' ? '0px' : `${placement.lift}px`);
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(place);
  };
  // Its own class and lift are set here: those changes are not the page's, and would loop.
  const mutations = new MutationObserver((records) => records.some((r) => r.target !== launcher) && schedule());
  mutations.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    cancelAnimationFrame(frame);
    mutations.disconnect();
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
  };
}
