import HomePage from '../../features/catalog/pages/HomePage.tsx';
import { useAppSelector } from '../../lib/hooks.ts';
import { useActivePromotionQuery, useActivePromotionWebQuery } from '../../lib/site-data/promotions.ts';
import { selectIsLoggedIn } from '../../features/auth/auth-slice.ts';

/**
 * / : the catalogue's home page with the promotion that fits the visitor (SPEC §7 "Promotions and
 * settings"). A signed-in shopper sees the web store's promotion, the same cached answer the header
 * asked for; a guest, who has no token, sees the non-web one, asked for without x-auth-token (§6).
 */
export default function HomeRoute() {
  const signedIn = useAppSelector(selectIsLoggedIn);
  const web = useActivePromotionWebQuery(undefined, { skip: !signedIn });
  const app = useActivePromotionQuery(undefined, { skip: signedIn });
  return signedIn ? <HomePage promotion={web.data} promotionChannel="web" /> : <HomePage promotion={app.data} promotionChannel="app" />;
}
