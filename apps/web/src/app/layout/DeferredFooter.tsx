import { lazy, memo, Suspense, type ComponentType } from 'react';
import { loadChunk } from '../lazy.ts';

// The footer is links, the app buttons and the company block: a page is read and used without its code.
// Its module is not part of a page's first load (issue 26): the server renders the footer whole, and the
// browser hydrates it once its chunk is in, fetched as the page starts. Until then the server's markup
// stays as it is (its links are plain links that work), so nothing moves.
const loadFooter = () => loadChunk(() => import('./Footer.tsx'));
const LazyFooter = lazy(async () => ({ default: (await loadFooter()).Footer }));

let serverFooter: ComponentType | null = null;

/** The server renders the footer in its first pass: it loads the module once, before rendering a page. */
export async function loadFooterForServer(): Promise<void> {
  serverFooter ??= (await loadFooter()).Footer;
}

/** Holds the footer's place while its chunk loads in a page the browser renders (below a full-height main). */
const FooterPlaceholder = () => <footer className="site-footer" aria-busy="true" />;

/**
 * Memoised with no props: a re-render of the layout must not reach the boundary while it waits to
 * hydrate, or React would drop the server's markup for the placeholder.
 */
export const DeferredFooter = memo(function DeferredFooter() {
  const Footer = serverFooter ?? LazyFooter;
  return (
    <Suspense fallback={<FooterPlaceholder />}>
      <Footer />
    </Suspense>
  );
});
