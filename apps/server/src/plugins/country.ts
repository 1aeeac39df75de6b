import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';
import { locateAddress, loadGeoIpDatabase } from '../lib/geo-ip.ts';
import { peerIsTrustedProxy, proxyTrustFor, visitorAddress } from '../lib/proxy-trust.ts';

/** Where a visitor is, as far as the store can tell: ISO country, and subdivision when the data has it. */
export interface VisitorPlace {
  country: string | null;
  region: string | null;
}

function firstValue(raw: string | string[] | undefined): string | undefined {
  return Array.isArray(raw) ? raw[0] : raw;
}

/**
 * The visitor's place (ADR 018). The country header counts only when the direct peer is a trusted proxy
 * (TRUST_PROXY, the trust function Fastify itself uses): anyone else could name any country. Otherwise,
 * and for the region in any case, the offline geo-IP database places the visitor's address (request.ip:
 * the peer, or what trusted proxies forwarded). Loopback and private addresses are nowhere.
 */
export function visitorPlace(raw: IncomingMessage, config: Config): VisitorPlace {
  const trust = proxyTrustFor(config);
  const located = locateAddress(visitorAddress(raw, trust));
  if (peerIsTrustedProxy(raw, trust)) {
    const named = firstValue(raw.headers[config.COUNTRY_HEADER.toLowerCase()])?.trim().toUpperCase();
    // The proxy's country wins (its data is its own and fresher); the region comes from our data when
    // both agree on the country, so a Crimean address behind a proxy that says UA is still found.
    if (named) return { country: named, region: located?.country === named ? located.region : null };
  }
  return located ?? { country: null, region: null };
}

/**
 * Whether a place is blocked: the blockedCountries setting lists countries ('CU') and subdivisions
 * ('UA-43'), compared in capitals.
 */
export function isBlockedPlace(place: VisitorPlace, blocked: readonly string[]): boolean {
  if (!place.country) return false;
  const names = new Set([place.country, ...(place.region ? [`${place.country}-${place.region}`] : [])]);
  return blocked.some((entry) => names.has(entry.trim().toUpperCase()));
}

/**
 * The country check for a connection (an API request, the live handshake). GEOIP_DATA_DIR (newer data)
 * loads the database now, so a bad directory stops the start instead of failing requests.
 */
export function countryCheck(config: Config, blockedCountries: () => Promise<string[]>) {
  if (config.GEOIP_DATA_DIR) loadGeoIpDatabase(config.GEOIP_DATA_DIR);
  return async function fromRestrictedCountry(raw: IncomingMessage): Promise<boolean> {
    const place = visitorPlace(raw, config);
    // No country, no settings read: local and unplaced visitors cost nothing.
    return place.country !== null && isBlockedPlace(place, await blockedCountries());
  };
}
