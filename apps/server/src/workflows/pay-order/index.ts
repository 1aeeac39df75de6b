// The pay-an-order workflow (issue 25, ADR 055; DESIGN.md's workflows/): the one application service
// that owns paying an order. It opens each transaction that spans modules and calls checkout, payments,
// fulfilment, coupons, cart and the ledger in order, through their index.ts. Payments reaches it through
// its deps (app.payOrder, the port PayOrderPort), never by import: a walk of an order id from the pay
// page to the ledger goes one way.
import type { PayOrderPort } from '../../providers/payments/core-port.ts';
import { recordApproval } from './approval.ts';
import { findOrder, listOrdersOf } from '../../modules/checkout/index.ts';
import { beginAttempt, claimAttempt } from './attempt.ts';
import { claimRefund, failOrder } from './orders.ts';
import { reverseOrder } from './reversal.ts';

export const payOrder: PayOrderPort = {
  beginAttempt,
  claimAttempt,
  recordApproval,
  reverseOrder,
  failOrder,
  claimRefund,
  findOrder,
  listOrdersOf,
};
export { payOrderBackground } from './background.ts';
export { fulfilOrder, type FulfilDeps } from './fulfil.ts';
