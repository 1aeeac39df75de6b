/**
 * The frame and its skeleton overlay (§2): the overlay in the loader background with bars in the inverted
 * colour; it hides EMBEDDED_OVERLAY_HIDE_DELAY_MS after the frame reports loaded, when the frame fades in
 * over EMBEDDED_FADE_MS. Inline styles only, so the merchant needs no stylesheet.
 */
import { DEFAULT_LOADER_BACKGROUND, EMBEDDED_FADE_MS, EMBEDDED_OVERLAY_HIDE_DELAY_MS } from './protocol.ts';

export const FRAME_ALLOW = 'payment; camera; clipboard-write';
export const LOAD_ERROR_TEXT = 'The checkout could not be loaded. Please check your connection and reload the page.';

/** The inverse of a #rgb, #rrggbb(aa) or rgb()/rgba() colour as #rrggbb, or null for other notations. */
export function invertColor(color: string): string | null {
  const text = color.trim().toLowerCase();
  let rgb: number[] | null = null;
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text);
  if (hex) {
    const h = hex[1];
    rgb = h.length <= 4 ? [0, 1, 2].map((i) => parseInt(h[i] + h[i], 16)) : [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  }
  const fn = /^rgba?\(\s*(\d{1,3})\s*,?\s*(\d{1,3})\s*,?\s*(\d{1,3})/.exec(text);
  if (fn) rgb = [fn[1], fn[2], fn[3]].map((n) => Math.min(255, Number(n)));
  if (!rgb) return null;
  return `#${rgb.map((c) => (255 - c).toString(16).padStart(2, '0')).join('')}`;
}

export type OverlayState = 'loading' | 'error' | 'hidden';

export interface FrameView {
  root: HTMLDivElement;
  iframe: HTMLIFrameElement;
  overlay: HTMLDivElement;
  /** The frame reported loaded: hide the overlay after the delay. */
  loaded(): void;
  showError(text: string): void;
  setHeight(px: number): void;
  destroy(): void;
}

export interface FrameViewOptions {
  container: HTMLElement;
  src: string;
  title: string;
  loaderBackground?: string;
  /** The frame's height follows the page's reports; until then the overlay keeps a minimum height. */
  useHeightChange: boolean;
}

const BAR_WIDTHS = ['60%', '100%', '100%', '80%', '40%'];

export function createFrameView(options: FrameViewOptions): FrameView {
  const doc = options.container.ownerDocument;
  const background = options.loaderBackground || DEFAULT_LOADER_BACKGROUND;
  const inverted = invertColor(background);

  const root = doc.createElement('div');
  root.dataset.checkoutRoot = '';
  Object.assign(root.style, { position: 'relative', width: '100%', height: options.useHeightChange ? 'auto' : '100%' });
  if (options.useHeightChange) root.style.minHeight = '320px';

  const iframe = doc.createElement('iframe');
  iframe.setAttribute('allow', FRAME_ALLOW);
  iframe.title = options.title;
  iframe.src = options.src;
  Object.assign(iframe.style, {
    border: '0',
    display: 'block',
    width: '100%',
    height: options.useHeightChange ? '320px' : '100%',
    opacity: '0',
    transition: `opacity ${EMBEDDED_FADE_MS}ms ease-in`,
  });

  const overlay = doc.createElement('div');
  overlay.dataset.checkoutOverlay = '';
  overlay.dataset.state = 'loading';
  overlay.setAttribute('aria-busy', 'true');
  Object.assign(overlay.style, {
    position: 'absolute',
    inset: '0',
    background,
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '24px',
    boxSizing: 'border-box',
  });
  const bars = doc.createElement('div');
  Object.assign(bars.style, { display: 'flex', flexDirection: 'column', gap: '16px' });
  for (const width of BAR_WIDTHS) {
    const bar = doc.createElement('div');
    bar.dataset.checkoutSkeletonBar = '';
    // Any CSS colour works: a known notation is inverted here, any other by the invert filter.
    Object.assign(bar.style, { width, height: '20px', borderRadius: '6px', opacity: '0.15' });
    bar.style.background = inverted ?? background;
    if (!inverted) bar.style.filter = 'invert(1)';
    bars.append(bar);
  }
  overlay.append(bars);
  root.append(iframe, overlay);
  options.container.append(root);

  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    root,
    iframe,
    overlay,
    loaded() {
      if (hideTimer !== undefined || overlay.dataset.state === 'hidden') return;
      hideTimer = setTimeout(() => {
        overlay.dataset.state = 'hidden';
        overlay.hidden = true;
        overlay.style.display = 'none';
        overlay.removeAttribute('aria-busy');
        iframe.style.opacity = '1';
      }, EMBEDDED_OVERLAY_HIDE_DELAY_MS);
    },
    showError(text) {
      if (overlay.dataset.state === 'hidden') return;
      overlay.dataset.state = 'error';
      overlay.removeAttribute('aria-busy');
      const message = doc.createElement('p');
      message.setAttribute('role', 'alert');
      message.textContent = text;
      Object.assign(message.style, { margin: '0', fontFamily: 'system-ui, sans-serif' });
      message.style.color = inverted ?? '#000000';
      overlay.replaceChildren(message);
    },
    setHeight(px) {
      iframe.style.height = `${px}px`;
      root.style.minHeight = '';
    },
    destroy() {
      clearTimeout(hideTimer);
      root.remove();
    },
  };
}
