// Crash points for the restart test (crash-restart.test.ts): with NODE_ENV=test and
// CRASH_AT=<name> in its environment, the server kills itself with SIGKILL at that point, the way a
// power cut or an OOM kill would, so a test can prove what a second start recovers. Outside
// NODE_ENV=test the variable is ignored.
//   after-provider-call      the provider has answered v1/nuvei/init; nothing of it is written yet
//                            (our payment row still holds its 'local:' placeholder)
//   after-approval-recorded  the approval and the order's move to 'paid' have committed; no card
//                            saved, nothing fulfilled
export type CrashPoint = 'after-provider-call' | 'after-approval-recorded';

export function crashPoint(name: CrashPoint): void {
  if (process.env.NODE_ENV === 'test' && process.env.CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
