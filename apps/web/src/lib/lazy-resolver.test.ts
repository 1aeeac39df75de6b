import { act, renderHook } from '@testing-library/react';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver, useIdlePreload } from './lazy-resolver.ts';

const schema = z.object({ email: z.email('must be an e-mail address') });
type Values = z.input<typeof schema>;
const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };

describe('lazyZodResolver: a form schema loaded on first use (issue 26)', () => {
  it('loads the schema only when asked, then validates as zodResolver does', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    const bad = await resolver({ email: 'not-an-address' }, undefined, options);
    expect(bad.values).toEqual({});
    expect(bad.errors.email?.message).toBe('must be an e-mail address');

    const good = await resolver({ email: 'shopper@example.com' }, undefined, options);
    expect(good).toEqual({ values: { email: 'shopper@example.com' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again at the next validation when the schema failed to load', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(schema);
    const resolver = lazyZodResolver(load);

    await expect(resolver({ email: 'shopper@example.com' }, undefined, options)).rejects.toThrow('Failed to fetch');
    const result = await resolver({ email: 'shopper@example.com' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloads once however often it is asked, and a failed preload is not an unhandled rejection', async () => {
    const load = vi.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const resolver = lazyZodResolver(load);
    resolver.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // The failed load is forgotten: the next preload asks again, and later ones reuse its answer.
    await vi.waitFor(() => {
      resolver.preload();
      expect(load).toHaveBeenCalledTimes(2);
    });
    resolver.preload();
    await resolver({ email: 'shopper@example.com' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('useIdlePreload loads the schema once the page is idle', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(() => Promise.resolve(schema));
      const resolver = lazyZodResolver(load);
      const { result } = renderHook(() => useIdlePreload(resolver));
      expect(result.current).toBe(resolver);
      expect(load).not.toHaveBeenCalled();
      await act(() => vi.runAllTimersAsync());
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
