import type { z } from 'zod';

// Answers are typed by the response schemas of @store/shared, the ones the server serialises every
// answer with, so the client never retypes an envelope by hand. Types only: nothing is parsed twice,
// and no schema is referenced at run time, so zod stays out of the pages that need no form (issue 8).

/** The success envelope a response schema describes, e.g. ApiResponse<typeof getCartResponse>. */
export type ApiResponse<Schema extends z.ZodType> = z.output<Schema>;

type Envelope = z.ZodType<{ success: true; data: unknown }>;

/** Its `data`, e.g. ResponseData<typeof orderResponse> is the order. */
export type ResponseData<Schema extends Envelope> = ApiResponse<Schema>['data'];

/**
 * The typed unwrap of an endpoint, named by the schema's type (`import type { orderResponse }`):
 * `transformResponse: responseData<typeof orderResponse>()` answers the envelope's `data`;
 * `responseData<typeof savedCardsResponse>().select((data) => data.paymentMethods)` the part of it the
 * endpoint serves.
 */
export function responseData<Schema extends Envelope>() {
  const unwrap = (response: ApiResponse<Schema>): ResponseData<Schema> => response.data;
  return Object.assign(unwrap, {
    select:
      <Selected>(select: (data: ResponseData<Schema>) => Selected) =>
      (response: ApiResponse<Schema>): Selected =>
        select(response.data),
  });
}
