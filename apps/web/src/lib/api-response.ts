import type { z } from 'zod';

// Answers are typed by the response schemas of @store/shared, the ones the server serialises every
// answer with, so the client never retypes an envelope by hand. Types only: nothing is parsed twice.

/** The success envelope a response schema describes, e.g. ApiResponse<typeof getCartResponse>. */
export type ApiResponse<Schema extends z.ZodType> = z.output<Schema>;

type Envelope = z.ZodType<{ success: true; data: unknown }>;

/** Its `data`, e.g. ResponseData<typeof orderResponse> is the order. */
export type ResponseData<Schema extends Envelope> = ApiResponse<Schema>['data'];

/**
 * The typed unwrap of an endpoint: `transformResponse: responseData(orderResponse)` answers the
 * envelope's `data`; with `select`, the part of it the endpoint serves.
 */
export function responseData<Schema extends Envelope>(schema: Schema): (response: ApiResponse<Schema>) => ResponseData<Schema>;
export function responseData<Schema extends Envelope, Selected>(
  schema: Schema,
  select: (data: ResponseData<Schema>) => Selected,
): (response: ApiResponse<Schema>) => Selected;
export function responseData<Schema extends Envelope, Selected>(
  _schema: Schema,
  select?: (data: ResponseData<Schema>) => Selected,
): (response: ApiResponse<Schema>) => ResponseData<Schema> | Selected {
  return (response) => (select ? select(response.data) : response.data);
}
