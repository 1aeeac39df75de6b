// The coupon field's schema, apart from the box: it and zod load once the cart is idle or at the first
// apply (CouponBox, lib/lazy-resolver.ts), not with the cart page (issue 26).
import { z } from 'zod';
import { couponParam } from '@store/shared';

// The API's path parameter, trimmed, with a message a shopper reads.
export const couponForm = z.object({ coupon: z.string().trim().min(1, 'Enter a coupon code.').pipe(couponParam.shape.coupon) });
export type CouponFormValues = z.infer<typeof couponForm>;
