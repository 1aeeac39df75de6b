// What the page shows in the shopper's presentment currency (SPEC §3: USD, EUR, GBP, BRL, CAD). The charge
// stays USD; these fixed rates of the host's own configuration only say roughly what it is locally.
export const PRESENTMENT_RATES: Readonly<Record<'USD' | 'EUR' | 'GBP' | 'BRL' | 'CAD', number>> = Object.freeze({
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  BRL: 5.4,
  CAD: 1.37,
});
