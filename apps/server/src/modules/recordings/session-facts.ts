// What a batch tells about its session, read from its events in one pass: the pages it showed (rrweb's Meta
// event at each page load, our 'navigation' custom event at each in-app navigation) and the orders those
// pages were about, and the time span of the events.
import type { RecordedEvent } from '@store/shared';

/** rrweb's event types this reads (rrweb EventType). */
const META = 4;
const CUSTOM = 5;
/** The custom event the browser adds when the app navigates without a page load (lib/recording). */
export const NAVIGATION_TAG = 'navigation';
/** A session keeps at most this many distinct paths and order ids: enough to find it, bounded in size. */
export const MAX_FACTS = 50;

const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface BatchFacts {
  paths: string[];
  orderIds: string[];
  startedAt: Date;
  endedAt: Date;
}

function hrefOf(event: RecordedEvent): string | null {
  const data = event.data as { href?: unknown; tag?: unknown; payload?: { href?: unknown } } | undefined;
  if (!data || typeof data !== 'object') return null;
  if (event.type === META && typeof data.href === 'string') return data.href;
  if (event.type === CUSTOM && data.tag === NAVIGATION_TAG && typeof data.payload?.href === 'string') return data.payload.href;
  return null;
}

/** The order a page is about: /add-card/:orderId or any page with ?orderId= (the payment result). */
export function orderIdOf(url: URL): string | null {
  const fromPath = /^\/add-card\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  const candidate = fromPath ?? url.searchParams.get('orderId');
  return candidate && ORDER_ID.test(candidate) ? candidate : null;
}

export function batchFacts(events: RecordedEvent[]): BatchFacts {
  const paths = new Set<string>();
  const orderIds = new Set<string>();
  let first = Infinity;
  let last = -Infinity;
  for (const event of events) {
    first = Math.min(first, event.timestamp);
    last = Math.max(last, event.timestamp);
    const href = hrefOf(event);
    if (href === null || href.length > 2048) continue;
    let url: URL;
    try {
      url = new URL(href, 'http://store.invalid');
    } catch {
      continue;
    }
    if (paths.size < MAX_FACTS) paths.add(url.pathname.slice(0, 300));
    const orderId = orderIdOf(url);
    if (orderId && orderIds.size < MAX_FACTS) orderIds.add(orderId);
  }
  // An event time the browser got wrong still gives a valid date (the server's clock), never NaN.
  const asDate = (ms: number) => (Number.isFinite(ms) && ms < 8.64e15 ? new Date(ms) : new Date());
  return { paths: [...paths], orderIds: [...orderIds], startedAt: asDate(first), endedAt: asDate(last) };
}
