import ProductDetailsPage from '../../features/catalog/pages/ProductDetailsPage.tsx';
import { ProductPurchaseActions } from './ProductPurchaseActions.tsx';

/** /product-details/:id: the catalogue's page with the buying controls composed in. */
export default function ProductDetailsRoute() {
  return <ProductDetailsPage renderActions={(item) => <ProductPurchaseActions item={item} />} />;
}
