// The parameters each call of the sandbox's API accepts, as the `stripe` package's own types list them
// (stripe@23.1.0: CustomerCreateParams, PaymentIntentCreateParams, … in esm/resources/*.d.ts), and
// Stripe's refusal of anything else: a 400 invalid_request_error, code parameter_unknown, "Received
// unknown parameter: billing_details[adress]", naming the parameter. Checked at the top level of every
// call, and inside the objects the store sends (billing_details and its address, card); other objects'
// insides (metadata, mandate_data, payment_method_options) are not checked here.
import { invalid } from './errors.ts';
import type { FormObject, FormValue } from './form.ts';

/** A call's accepted keys; a nested spec for an object whose own keys are checked too. */
export interface ParamSpec {
  [key: string]: true | ParamSpec;
}

const keys = (...names: string[]): ParamSpec => Object.fromEntries(names.map((name) => [name, true as const]));

const PAGINATION = ['limit', 'starting_after', 'ending_before'];
const ADDRESS = keys('city', 'country', 'line1', 'line2', 'postal_code', 'state');
const BILLING_DETAILS: ParamSpec = { ...keys('email', 'name', 'phone', 'tax_id'), address: ADDRESS };
const PAYMENT_METHOD_KINDS = ['acss_debit', 'affirm', 'afterpay_clearpay', 'alipay', 'alma', 'amazon_pay', 'au_becs_debit', 'bacs_debit']
  .concat(['bancontact', 'billie', 'bizum', 'blik', 'boleto', 'cashapp', 'crypto', 'custom', 'customer_balance', 'eps', 'fpx'])
  .concat(['giropay', 'grabpay', 'ideal', 'interac_present', 'kakao_pay', 'klarna', 'konbini', 'kr_card', 'link', 'mb_way'])
  .concat(['mobilepay', 'multibanco', 'naver_pay', 'nz_bank_account', 'oxxo', 'p24', 'pay_by_bank', 'payco', 'paynow', 'paypal'])
  .concat(['paypay', 'payto', 'pix', 'promptpay', 'revolut_pay', 'samsung_pay', 'satispay', 'scalapay', 'sepa_debit', 'sequra'])
  .concat(['sofort', 'sunbit', 'swish', 'twint', 'upi', 'us_bank_account', 'wechat_pay', 'zip']);

export const ACCEPTED = {
  createCustomer: keys(
    ...['address', 'balance', 'business_name', 'cash_balance', 'description', 'email', 'expand', 'individual_name', 'invoice_prefix'],
    ...['invoice_settings', 'metadata', 'name', 'next_invoice_sequence', 'payment_method', 'phone', 'preferred_locales', 'shipping'],
    ...['source', 'tax', 'tax_exempt', 'tax_id_data', 'test_clock', 'validate'],
  ),
  retrieve: keys('expand'),
  listPaymentMethods: keys('allow_redisplay', 'expand', 'type', ...PAGINATION),
  createPaymentMethod: {
    ...keys('allow_redisplay', 'customer', 'expand', 'metadata', 'payment_method', 'radar_options', 'type', ...PAYMENT_METHOD_KINDS),
    billing_details: BILLING_DETAILS,
    card: keys('cvc', 'exp_month', 'exp_year', 'networks', 'number', 'token'),
  },
  attach: keys('customer', 'customer_account', 'expand'),
  detach: keys('expand'),
  createPaymentIntent: keys(
    ...['amount', 'currency', 'allowed_payment_method_types', 'amount_details', 'application_fee_amount', 'automatic_payment_methods'],
    ...['capture_method', 'confirm', 'confirmation_method', 'confirmation_token', 'customer', 'customer_account', 'description'],
    ...['error_on_requires_action', 'excluded_payment_method_types', 'expand', 'hooks', 'mandate', 'mandate_data', 'metadata'],
    ...['off_session', 'on_behalf_of', 'payment_details', 'payment_method', 'payment_method_configuration', 'payment_method_data'],
    ...['payment_method_options', 'radar_options', 'receipt_email', 'return_url', 'setup_future_usage', 'shipping'],
    ...['statement_descriptor', 'statement_descriptor_suffix', 'transfer_data', 'transfer_group', 'use_stripe_sdk'],
  ),
  retrieveIntent: keys('client_secret', 'expand'),
  confirmPaymentIntent: keys(
    ...['allowed_payment_method_types', 'amount_details', 'amount_to_confirm', 'capture_method', 'confirmation_token'],
    ...['error_on_requires_action', 'excluded_payment_method_types', 'expand', 'hooks', 'mandate', 'mandate_data', 'off_session'],
    ...['payment_details', 'payment_method', 'payment_method_data', 'payment_method_options', 'radar_options', 'receipt_email'],
    ...['return_url', 'setup_future_usage', 'shipping', 'use_stripe_sdk'],
  ),
  searchPaymentIntents: keys('query', 'expand', 'limit', 'page'),
  createRefund: keys(
    ...['amount', 'charge', 'currency', 'customer', 'expand', 'instructions_email', 'metadata', 'origin', 'payment_intent', 'reason'],
    ...['refund_application_fee', 'reverse_transfer'],
  ),
  createSetupIntent: keys(
    ...['allowed_payment_method_types', 'attach_to_self', 'automatic_payment_methods', 'confirm', 'confirmation_token', 'customer'],
    ...['customer_account', 'description', 'excluded_payment_method_types', 'expand', 'flow_directions', 'mandate_data', 'metadata'],
    ...['on_behalf_of', 'payment_method', 'payment_method_configuration', 'payment_method_data', 'payment_method_options'],
    ...['return_url', 'single_use', 'usage', 'use_stripe_sdk'],
  ),
} satisfies Record<string, ParamSpec>;

const isObject = (value: FormValue): value is FormObject => typeof value === 'object' && !Array.isArray(value);

/** Refuses the first parameter the call does not accept, as Stripe does, naming it in Stripe's bracket form. */
export function refuseUnknownParams(params: FormObject, spec: ParamSpec, prefix = ''): void {
  for (const [key, value] of Object.entries(params)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    const accepted = spec[key];
    if (!accepted) throw invalid(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
    if (accepted !== true && isObject(value)) refuseUnknownParams(value, accepted, name);
  }
}
