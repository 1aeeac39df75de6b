import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, TRANSACTION_LIMIT_KEY } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { makeStore } from '../store.ts';
import { conversionRateApi } from './get-conversion-rate.ts';

afterEach(() => vi.unstubAllGlobals());

describe('conversion rate (SPEC §6, §7 convertionrate)', () => {
  it('leaves the token off the conversion-rate call and stores transactionLimit', async () => {
    storage.set(AUTH_TOKEN_KEY, 'tok_abc');
    const net = mockApi({ 'GET v1/cart/convertionrate': { body: { success: true, data: 100, transactionLimit: 50000 } } });

    const result = await makeStore().dispatch(conversionRateApi.endpoints.headerConversionRate.initiate());

    expect(result.data?.data).toBe(100);
    expect(net.find('GET v1/cart/convertionrate')!.headers.has('x-auth-token')).toBe(false);
    expect(storage.get(TRANSACTION_LIMIT_KEY)).toBe(50000);
  });
});
