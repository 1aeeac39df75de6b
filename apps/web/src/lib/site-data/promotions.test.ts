import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@store/shared';
import { makeStore } from '../../app/store.ts';
import { mockApi } from '../../app/testing/mock-api.ts';
import { promotionFixture } from '../../app/testing/fixtures.ts';
import { storage } from '../storage.ts';
import { promotionsApi } from './promotions.ts';

afterEach(() => vi.unstubAllGlobals());

const appPromotion = { ...promotionFixture, _id: 'promo_app', name: 'App exclusive: 15% extra coins', bonusPercentage: 15 };

describe('promotion calls (SPEC §6, §7 "Promotions and settings")', () => {
  it('asks for the non-web promotion without x-auth-token even when a token is stored', async () => {
    storage.set(AUTH_TOKEN_KEY, 'tok_stored');
    const net = mockApi({
      'GET v1/admin/promotions/active-promotion': { body: { success: true, data: appPromotion, promotion: appPromotion } },
    });

    const result = await makeStore().dispatch(promotionsApi.endpoints.activePromotion.initiate());

    expect(result.data).toEqual(appPromotion);
    const request = net.find('GET v1/admin/promotions/active-promotion')!;
    expect(request.headers.has('x-auth-token')).toBe(false);
    expect(request.headers.get('ngrok-skip-browser-warning')).toBe('1');
  });

  it('sends the stored token with the web promotion call', async () => {
    storage.set(AUTH_TOKEN_KEY, 'tok_stored');
    const net = mockApi({
      'GET v1/admin/promotions/active-promotion-web': { body: { success: true, data: promotionFixture, promotion: promotionFixture } },
    });

    const result = await makeStore().dispatch(promotionsApi.endpoints.activePromotionWeb.initiate());

    expect(result.data).toEqual(promotionFixture);
    expect(net.find('GET v1/admin/promotions/active-promotion-web')!.headers.get('x-auth-token')).toBe('tok_stored');
  });

  it('reads null when no promotion runs', async () => {
    mockApi({ 'GET v1/admin/promotions/active-promotion': { body: { success: true, data: null, promotion: null } } });
    const result = await makeStore().dispatch(promotionsApi.endpoints.activePromotion.initiate());
    expect(result.data).toBeNull();
  });
});
