import { describe, expect, it } from 'vitest';
import type { CashoutItem } from '@store/shared';
import { cashoutListReplaced, cashoutReceived, cashoutReducer } from './cashout-slice.ts';

const item = (id: string, over: Partial<CashoutItem> = {}): CashoutItem => ({
  _id: id,
  amount: 1_000,
  amountCents: 1_000,
  status: 'PENDING',
  userPaymentOptionId: 'upo-1',
  bankName: 'Sandbox Federal Bank',
  last4: '0001',
  rejectionReason: null,
  failureReason: null,
  createdAt: '2026-11-24T09:00:00.000Z',
  updatedAt: '2026-11-24T09:00:00.000Z',
  ...over,
});

describe('cashout slice (SPEC §3)', () => {
  it('adds a received item at the front, replaces one with the same id in place, and is replaced whole', () => {
    let state = cashoutReducer(undefined, cashoutListReplaced([item('b'), item('a')]));
    state = cashoutReducer(state, cashoutReceived(item('c')));
    expect(state.data.map((i) => i._id)).toEqual(['c', 'b', 'a']);
    state = cashoutReducer(state, cashoutReceived(item('b', { status: 'PAID' })));
    expect(state.data.map((i) => [i._id, i.status])).toEqual([
      ['c', 'PENDING'],
      ['b', 'PAID'],
      ['a', 'PENDING'],
    ]);
    state = cashoutReducer(state, cashoutListReplaced([item('d')]));
    expect(state.data.map((i) => i._id)).toEqual(['d']);
  });
});
