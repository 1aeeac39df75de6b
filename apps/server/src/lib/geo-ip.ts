import { createRequire } from 'node:module';
import net from 'node:net';

/**
 * Where an address is, as the offline geo-IP database says: ISO 3166-1 country and, where the data has
 * it, the ISO 3166-2 subdivision suffix (UA + '43' is Crimea). ADR 018.
 */
export interface GeoPlace {
  country: string;
  region: string | null;
}

/** What we use of geoip-lite (it ships no types). */
interface GeoipLite {
  lookup(address: string): { country: string; region: string } | null;
}

/**
 * Addresses that are nowhere, answered without loading the database: loopback, private, link-local,
 * carrier-grade NAT, unique-local, unspecified, and the ranges set aside for documentation and
 * benchmarking (IANA special-purpose registry), which tests use as made-up visitors. Tests and local use
 * come from these. A made-up address outside them may be a real place: 198.51.143.1 is Syrian in the data.
 */
const NOWHERE = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
] as const) {
  NOWHERE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  NOWHERE.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address written as IPv6 (::ffff:1.2.3.4, how a dual-stack socket reports it) as plain IPv4. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return match ? match[1]! : address;
}

export function isLocalAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = net.isIP(plain);
  return family !== 0 && NOWHERE.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

let database: GeoipLite | undefined;
let loadedFrom: string | undefined;

/**
 * geoip-lite reads its whole database (about 110 MB) into memory when first required, synchronously, and
 * once per process. So it is loaded on the first public address (local use and tests never pay for it),
 * or at start when GEOIP_DATA_DIR names a directory of newer data (a missing file then stops the start,
 * not a request).
 */
export function loadGeoIpDatabase(dataDir?: string): void {
  if (database) {
    if (dataDir !== undefined && dataDir !== loadedFrom) {
      throw new Error(`geo-IP data is already loaded from ${loadedFrom ?? "geoip-lite's own data"}; one directory per process`);
    }
    return;
  }
  // geoip-lite reads its data directory from this global (or GEODATADIR) when it is first required.
  const global = globalThis as { geodatadir?: string };
  if (dataDir !== undefined) global.geodatadir = dataDir;
  try {
    database = createRequire(import.meta.url)('geoip-lite') as GeoipLite;
    loadedFrom = dataDir;
  } finally {
    if (dataDir !== undefined) delete global.geodatadir;
  }
}

/** The place of an address, or null for a local address or one the data does not know. */
export function locateAddress(address: string | undefined): GeoPlace | null {
  if (!address || !net.isIP(unmapped(address)) || isLocalAddress(address)) return null;
  loadGeoIpDatabase();
  const found = database!.lookup(unmapped(address));
  if (!found?.country) return null;
  return { country: found.country.toUpperCase(), region: found.region ? found.region.toUpperCase() : null };
}
