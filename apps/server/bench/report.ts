export interface Measurement {
  name: string;
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

// Two significant digits below 0.1, so a slow multi-request unit does not print as 0.00.
const ratio = (value: number, base: number) => {
  if (!(base > 0)) return 'n/a';
  const r = value / base;
  return r > 0 && r < 0.1 ? r.toPrecision(2) : r.toFixed(2);
};

/** A throughput measured outside the store in the same run (pgbench's), that each row is also divided by. */
export interface Reference {
  label: string;
  perSecond: number;
}

/**
 * A plain-text table: each row with its throughput and p99 latency, both as ratios to the first row, and
 * its throughput as a ratio to each reference.
 */
export function formatTable(rows: Measurement[], references: Reference[] = []): string {
  const baseline = rows[0];
  if (!baseline) return '(no measurements)';
  const header = [
    'route',
    'req/s',
    'p99 ms',
    'req/s ÷ baseline',
    'p99 ÷ baseline',
    ...references.map((reference) => `÷ ${reference.label}`),
    'non-2xx/failed',
    'errors',
  ];
  const body = rows.map((r) => [
    r.name,
    r.reqPerSec.toFixed(r.reqPerSec < 100 ? 1 : 0),
    r.p99Ms.toFixed(1),
    ratio(r.reqPerSec, baseline.reqPerSec),
    ratio(r.p99Ms, baseline.p99Ms),
    ...references.map((reference) => ratio(r.reqPerSec, reference.perSecond)),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
