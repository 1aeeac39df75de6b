/** The wire contract as zod schemas (`@store/checkout-sdk/wire`): the page's query parameters and the frame messages. */
export * from './customer-info.ts';
export * from './params.ts';
export * from './messages.ts';
