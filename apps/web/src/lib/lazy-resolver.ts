import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { whenIdle } from './when-idle.ts';

// Issue 26, ADR 062 and 063: zod and the schemas built with it are about 24 KB (brotli) of a form page's JavaScript,
// more than react-hook-form itself. A form validates on submit, not on first paint, so a page whose first load
// is budgeted or measured (the sign-in and password pages, the cart's coupon field) takes its schema through
// this resolver: the schema module and zod load once the page is idle, or at the first validation if that
// comes sooner, and never hold up the page's first render. A schema that fails to load is asked for again at
// the next validation.

export interface LazyResolver<Input extends FieldValues, Output> extends Resolver<Input, unknown, Output> {
  /** Starts loading the schema (and zod) now; harmless to call again. */
  preload(): void;
}

/** A react-hook-form resolver for a zod schema that is imported on first use, `load` being a dynamic import. */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<$ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  let ready: Promise<Resolver<Input, unknown, Output>> | null = null;
  const resolverOf = () => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema),
      (error: unknown) => {
        ready = null;
        throw error;
      },
    );
    return ready;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => (await resolverOf())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      resolverOf().catch(() => {});
    },
  });
}

/** Preloads a lazy resolver's schema once the page is idle; answers the resolver for `useForm`. */
export function useIdlePreload<Input extends FieldValues, Output>(resolver: LazyResolver<Input, Output>): LazyResolver<Input, Output> {
  useEffect(() => whenIdle(resolver.preload), [resolver]);
  return resolver;
}
