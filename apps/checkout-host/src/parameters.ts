// The money parameters of SPEC §2 a session records: given by the merchant at creation (merchant API) or by the
// page's link when the merchant left them unsaid (page API, POST /api/checkout/session/parameters).
//   authOnly          the card is authorised, not captured: the session becomes 'authorized' and the merchant
//                     captures it (POST …/sessions/:id/capture)
//   webhookInfo       the merchant's own JSON object, echoed as data.webhookInfo in every webhook of the session
//   settlementType    what the merchant receives (only USDC can be settled here: settlement.ts)
//   tokens            the tokens the merchant receives (USDC: the symbol, or its mint / contract on a chain)
//   lockDefaultToken  the first of tokens is the one, the shopper may not pick another
import { z } from 'zod';
import { SETTLEMENT_TYPES } from './settlement.ts';

/** The most of webhookInfo kept (its JSON): it rides in every webhook of the session. */
export const WEBHOOK_INFO_MAX_BYTES = 4096;

export const sessionParameterFields = {
  authOnly: z.boolean().optional(),
  webhookInfo: z
    .record(z.string().min(1).max(64), z.unknown())
    .refine(
      (info) => Buffer.byteLength(JSON.stringify(info)) <= WEBHOOK_INFO_MAX_BYTES,
      `must be at most ${WEBHOOK_INFO_MAX_BYTES} bytes of JSON`,
    )
    .optional(),
  settlementType: z.enum(SETTLEMENT_TYPES).optional(),
  tokens: z.array(z.string().trim().min(1).max(64)).min(1).max(10).optional(),
  lockDefaultToken: z.boolean().optional(),
};

export const sessionParametersBody = z.strictObject(sessionParameterFields);
export type SessionParameters = z.infer<typeof sessionParametersBody>;
export const SESSION_PARAMETER_NAMES = Object.keys(sessionParameterFields) as (keyof SessionParameters)[];

/** JSON with its object keys sorted: the same value written in another key order compares equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The columns of the parameters given (absent ones are left as they are). */
export function parameterColumns(p: SessionParameters) {
  return {
    ...(p.authOnly !== undefined ? { authOnly: p.authOnly } : {}),
    ...(p.webhookInfo !== undefined ? { webhookInfo: p.webhookInfo } : {}),
    ...(p.settlementType !== undefined ? { settlementType: p.settlementType } : {}),
    ...(p.tokens !== undefined ? { tokens: p.tokens } : {}),
    ...(p.lockDefaultToken !== undefined ? { lockDefaultToken: p.lockDefaultToken } : {}),
  };
}
