import { describe, expect, it } from 'vitest';
import {
  cartReducer,
  cartReplaced,
  initialCartState,
  itemRemoved,
  itemRestored,
  liveItemCountReceived,
  quantityStepped,
} from './cart-slice.ts';
import { aCart, aLine } from '../../../test/fixtures/cart.ts';

const ids = (state: ReturnType<typeof cartReducer>) => state.items.map((line) => line.itemId._id);

describe('cart slice', () => {
  it('starts empty with the SPEC defaults: DigitalProduct, static', () => {
    const state = cartReducer(undefined, { type: 'init' });
    expect(state.items).toEqual([]);
    expect(state.orderType).toBe('DigitalProduct');
    expect(state.amountType).toBe('static');
    expect(state.itemCount).toBe(0);
  });

  it('replaces the whole cart with the server copy', () => {
    const first = cartReducer(initialCartState, cartReplaced(aCart([aLine({ _id: 'a' }), aLine({ _id: 'b' })])));
    const second = cartReducer(first, cartReplaced(aCart([aLine({ _id: 'c' }, 3)])));
    expect(ids(second)).toEqual(['c']);
    expect(second.itemCount).toBe(3);
  });

  it('steps a quantity up and back down (increase +1, revert -1)', () => {
    const state = cartReducer(initialCartState, cartReplaced(aCart([aLine({ _id: 'a' }, 2)])));
    const up = cartReducer(state, quantityStepped({ itemId: 'a', by: 1 }));
    expect(up.items[0]?.quantity).toBe(3);
    expect(cartReducer(up, quantityStepped({ itemId: 'a', by: -1 })).items[0]?.quantity).toBe(2);
  });

  it('restores a removed line at its previous index', () => {
    const state = cartReducer(initialCartState, cartReplaced(aCart([aLine({ _id: 'a' }), aLine({ _id: 'b' }), aLine({ _id: 'c' })])));
    const removed = cartReducer(state, itemRemoved('b'));
    expect(ids(removed)).toEqual(['a', 'c']);
    const restored = cartReducer(removed, itemRestored({ item: state.items[1]!, index: 1 }));
    expect(ids(restored)).toEqual(['a', 'b', 'c']);
  });

  it("keeps the server's couponIssue, and drops it when the cart empties", () => {
    const issue = { code: 'DRAGON5', message: 'DRAGON5 has expired.' };
    const state = cartReducer(initialCartState, cartReplaced(aCart([aLine({ _id: 'a' })], { couponIssue: issue })));
    expect(state.couponIssue).toEqual(issue);
    expect(cartReducer(state, cartReplaced(aCart([aLine({ _id: 'a' })]))).couponIssue).toBeNull();
    expect(cartReducer(state, liveItemCountReceived(0)).couponIssue).toBeNull();
  });

  it('empties the lines when the live count says the cart is empty', () => {
    const state = cartReducer(initialCartState, cartReplaced(aCart([aLine({ _id: 'a' }, 2)])));
    const live = cartReducer(state, liveItemCountReceived(0));
    expect(live.itemCount).toBe(0);
    expect(live.items).toEqual([]);
  });
});
