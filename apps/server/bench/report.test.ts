import { describe, expect, it } from 'vitest';
import { formatTable } from './report.ts';

const rows = [
  { name: 'GET /api/ping', reqPerSec: 20_000, p99Ms: 2, non2xx: 0, errors: 0 },
  { name: 'add to cart + get cart (units/s)', reqPerSec: 240, p99Ms: 70, non2xx: 0, errors: 0 },
];

describe("the bench's table", () => {
  it('divides every row by the baseline and by each reference', () => {
    const lines = formatTable(rows, [
      { label: 'pgbench -N', perSecond: 8_000 },
      { label: 'pgbench -S', perSecond: 64_000 },
    ]).split('\n');
    expect(lines[0]).toMatch(/req\/s ÷ baseline\s+p99 ÷ baseline\s+÷ pgbench -N\s+÷ pgbench -S\s+non-2xx\/failed/);
    // 20,000 ÷ 8,000 and ÷ 64,000; 240 ÷ 20,000, 8,000 and 64,000, with two significant digits below 0.1 (0.00375 is 0.0037 in binary).
    expect(lines[2]).toMatch(/^GET \/api\/ping\s+20000\s+2\.0\s+1\.00\s+1\.00\s+2\.50\s+0\.31\s+0\s+0$/);
    expect(lines[3]).toMatch(/^add to cart \+ get cart \(units\/s\)\s+240\s+70\.0\s+0\.012\s+35\.00\s+0\.030\s+0\.0037\s+0\s+0$/);
  });

  it('has no reference columns when there is none', () => {
    expect(formatTable(rows).split('\n')[0]).not.toContain('pgbench');
  });
});
