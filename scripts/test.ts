// `npm test`: type check, lint, format check, unit + API tests, the driver-specific server tests on the embedded
// database too when DATABASE_URL points at a server (so one run covers both drivers), then the browser
// tests against a built app.
// Every stage runs even after a failure; the run ends with one "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const failedStages: string[] = [];
/** '<stage>: <file> > <test>' of every failed test (or file that failed to run), repeated at the end of the log. */
const failedTests: string[] = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));

function run(stage: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`\n=== ${stage}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (res.status !== 0) failedStages.push(stage);
  return res.status === 0;
}

/**
 * Stages that read the source only and each use one core (tsc, eslint, prettier), run side by side; each
 * one's output is printed whole when it ends, so the log reads as if they had run in turn.
 */
async function runSideBySide(stages: { stage: string; cmd: string; args: string[] }[]): Promise<void> {
  await Promise.all(
    stages.map(
      ({ stage, cmd, args }) =>
        new Promise<void>((resolve) => {
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const output: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('close', (status) => {
            console.log(`\n=== ${stage}: ${cmd} ${args.join(' ')}`);
            process.stdout.write(Buffer.concat(output));
            if (status !== 0) failedStages.push(stage);
            resolve();
          });
        }),
    ),
  );
}

/** The first lines of a failure, without colours, indented under the test's name: CI keeps only the log's tail. */
function why(message: string | undefined): string {
  if (!message) return '';
  const lines = message
    // eslint-disable-next-line no-control-regex -- the reporter's colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    // The stack's frames in our own files say where; vitest's and Node's own frames do not.
    .filter((line) => line && !(line.startsWith('at ') && /node_modules|node:|<anonymous>/.test(line)));
  return lines.length ? `\n      ${lines.slice(0, 10).join('\n      ')}` : '';
}

function vitest(stage: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const out = path.join(reportDir, `${stage.replace(/\W+/g, '-')}.json`);
  const ok = run(stage, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
  if (!fs.existsSync(out)) {
    total.failed += 1;
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: {
      name: string;
      status: string;
      message?: string;
      assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
    }[];
  };
  for (const file of report.testResults.filter((f) => f.status === 'failed')) {
    const where = path.relative(process.cwd(), file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (!tests.length) failedTests.push(`${stage}: ${where} (the file failed to run)${why(file.message)}`);
    for (const test of tests) failedTests.push(`${stage}: ${where} > ${test.fullName}${why(test.failureMessages?.[0])}`);
  }
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed').length;
  // Every test passed and vitest still failed: an error outside any test, which the JSON report does not hold.
  if (!ok && !brokenFiles && !report.numFailedTests)
    failedTests.push(`${stage}: no test failed; vitest reported an unhandled error (search the log for "Unhandled")`);
  total.passed += report.numPassedTests;
  total.failed += Math.max(report.numFailedTests, brokenFiles > 0 && report.numFailedTests === 0 ? brokenFiles : 0);
  total.skipped += report.numPendingTests + report.numTodoTests;
}

await runSideBySide([
  { stage: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  { stage: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  // No import cycle of any kind, type-only imports included (scripts/cycles.ts; ESLint's no-cycle skips those).
  { stage: 'import cycles', cmd: 'npm', args: ['run', 'cycles'] },
  // Prettier formats the whole repository (`npm run format`); an unformatted file fails the run.
  { stage: 'format', cmd: 'npm', args: ['run', 'format:check'] },
]);
vitest(process.env.DATABASE_URL ? 'unit+api (PostgreSQL)' : 'unit+api (PGlite)', []);
if (process.env.DATABASE_URL) {
  // The whole server suite ran on PostgreSQL above; on the embedded PGlite, the tests whose outcome can
  // depend on the driver (apps/server/test/driver-specific.ts). Without DATABASE_URL everything ran on PGlite.
  const { DATABASE_URL: _omit, ...embedded } = process.env;
  vitest('server api, driver-specific (PGlite)', ['--project', 'server', '--project', 'server-isolated'], {
    ...embedded,
    SERVER_TESTS: 'driver-specific',
  });
}
// A failed browser test leaves screenshots and a trace here (apps/web/e2e/support/artifacts.ts).
const artifactsDir = path.resolve('apps/web/e2e/artifacts');
fs.rmSync(artifactsDir, { recursive: true, force: true });
if (run('build web', 'npm', ['run', 'build'])) {
  vitest('browser', ['--config', 'apps/web/e2e/vitest.config.ts'], { ...process.env, E2E_ARTIFACTS_DIR: artifactsDir });
} else {
  total.failed += 1;
}
if (fs.existsSync(artifactsDir) && fs.readdirSync(artifactsDir).length) {
  console.log(`\nBrowser-test failures left screenshots and traces in ${artifactsDir}`);
}

// Skipped tests count as failures: they hide what they were meant to check.
total.failed += total.skipped;
// Named again here: a failure in an early stage is otherwise thousands of lines above the end of the log.
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((name) => `  ${name}`).join('\n')}`);
console.log(`\nStages failed: ${failedStages.length ? failedStages.join(', ') : 'none'}`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(failedStages.length || total.failed ? 1 : 0);
