import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeApiStore } from '../../../test/api-store.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { promotionFixture } from '../../../test/fixtures/site.ts';
import { promotionsApi } from './promotions.ts';

afterEach(() => vi.unstubAllGlobals());

const appPromotion = { ...promotionFixture, _id: 'promo_app', name: 'App exclusive: 15% extra coins', bonusPercentage: 15 };

describe('promotion calls (SPEC §6, §7 "Promotions and settings")', () => {
  it('asks for the non-web promotion without x-auth-token even when signed in', async () => {
    const net = mockApi({
      'GET v1/admin/promotions/active-promotion': { body: { success: true, data: appPromotion, promotion: appPromotion } },
    });

    const result = await makeApiStore({}, { token: 'tok_stored' }).dispatch(promotionsApi.endpoints.activePromotion.initiate());

    expect(result.data).toEqual(appPromotion);
    const request = net.find('GET v1/admin/promotions/active-promotion')!;
    expect(request.headers.has('x-auth-token')).toBe(false);
    expect(request.headers.get('ngrok-skip-browser-warning')).toBe('1');
  });

  it('sends the session token with the web promotion call', async () => {
    const net = mockApi({
      'GET v1/admin/promotions/active-promotion-web': { body: { success: true, data: promotionFixture, promotion: promotionFixture } },
    });

    const result = await makeApiStore({}, { token: 'tok_stored' }).dispatch(promotionsApi.endpoints.activePromotionWeb.initiate());

    expect(result.data).toEqual(promotionFixture);
    expect(net.find('GET v1/admin/promotions/active-promotion-web')!.headers.get('x-auth-token')).toBe('tok_stored');
  });

  it('reads null when no promotion runs', async () => {
    mockApi({ 'GET v1/admin/promotions/active-promotion': { body: { success: true, data: null, promotion: null } } });
    const result = await makeApiStore().dispatch(promotionsApi.endpoints.activePromotion.initiate());
    expect(result.data).toBeNull();
  });
});
