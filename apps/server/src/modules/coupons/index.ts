// Public surface of the coupons module: the coupon list route, the rules a cart applies a coupon by, and
// the life of one use (reserved for an order before the charge, redeemed once fulfilled, or released).
export { default as couponRoutes } from './routes.ts';
// The admin console's coupons (issue 12): role ADMIN.
export { default as adminCouponRoutes } from './admin-routes.ts';
export { type CouponRecord } from './rules.ts';
export {
  appliedCouponStatus,
  confirmCoupon,
  couponToApply,
  isCouponCode,
  listCouponsFor,
  releaseCoupon,
  reserveCoupon,
} from './service.ts';
