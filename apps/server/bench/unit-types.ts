// What every bench unit is given and is (units.ts runs them; each *-unit.ts is one): the types apart from
// the list of units, so a unit and the list do not import each other.

export interface BenchShopper {
  email: string;
  token: string;
  /** The shopper's user id (what a game provider names in a credit). */
  id: string;
}

export interface UnitContext {
  baseUrl: string;
  /** The vault's own address (hosted card fields, POST /tokenize). */
  vaultUrl: string;
  /** The web app's origin: the only cross-origin caller the vault accepts, as a browser would send it. */
  storeOrigin: string;
}

export interface UnitScenario {
  name: string;
  /**
   * Runs one unit as `shopper`; throws on any unexpected answer. A unit that measures something else than
   * its own duration (the pings sent while it ran) returns those latencies, in milliseconds.
   */
  run: (ctx: UnitContext, shopper: BenchShopper) => Promise<void | number[]>;
}
