// Public surface of the cart module: its routes, and the priced cart that checkout places orders from.
export { default as cartRoutes } from './routes.ts';
export {
  countCartItems,
  getCartView,
  priceCart,
  priceItems,
  removePurchasedLines,
  type BoughtLine,
  type PricedCart,
  type PricedCartLine,
} from './service.ts';
