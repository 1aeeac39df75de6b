// Crash points for the cash-out restart test (cashout-crash-restart.test.ts), as in
// modules/payments/crash-points.ts: with NODE_ENV=test and CRASH_AT=<name>, the server kills itself
// (SIGKILL) at that point. Outside NODE_ENV=test the variable is ignored.
//   cashout-after-payout-call  the provider has paid the bank account; nothing of it is recorded yet
//                              (the cash-out is still APPROVED, its coins still in the hold)
export type CashoutCrashPoint = 'cashout-after-payout-call';

export function cashoutCrashPoint(name: CashoutCrashPoint): void {
  if (process.env.NODE_ENV === 'test' && process.env.CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
