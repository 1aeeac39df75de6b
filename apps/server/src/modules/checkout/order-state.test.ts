import { describe, expect, it } from 'vitest';
import { orderStatuses, type OrderStatus } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { assertTransition, canTransition } from './order-state.ts';

const allowed: [OrderStatus, OrderStatus][] = [
  ['pending', 'paid'],
  ['pending', 'failed'],
  ['pending', 'canceled'],
  ['paid', 'fulfilled'],
  ['paid', 'refunded'],
  ['fulfilled', 'refunded'],
];
const isAllowed = (from: OrderStatus, to: OrderStatus) => allowed.some(([f, t]) => f === from && t === to);

describe('order state machine', () => {
  it('allows exactly pending → paid → fulfilled, pending → failed/canceled and refunds of paid or fulfilled orders', () => {
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(isAllowed(from, to));
      }
    }
  });

  it('throws a 409 naming both states for any other move', () => {
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        if (isAllowed(from, to)) {
          expect(() => assertTransition(from, to)).not.toThrow();
          continue;
        }
        let caught: unknown;
        try {
          assertTransition(from, to);
        } catch (err) {
          caught = err;
        }
        expect(caught, `${from} → ${to}`).toBeInstanceOf(AppError);
        expect((caught as AppError).statusCode).toBe(409);
        expect((caught as AppError).message).toBe(`This order is ${from} and cannot become ${to}.`);
      }
    }
  });

  it('keeps terminal states terminal: a failed, canceled or refunded order never moves again', () => {
    for (const from of ['failed', 'canceled', 'refunded'] as const) {
      expect(orderStatuses.filter((to) => canTransition(from, to))).toEqual([]);
    }
  });
});
