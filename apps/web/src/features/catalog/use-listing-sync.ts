import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/hooks.ts';
import type { ProductListing } from './api/products.ts';
import { listingReceived } from './product-listing-slice.ts';

/**
 * Mirrors the listing on screen into the product listing slice. An effect rather than a matcher on the
 * request: switching back to filters already fetched is answered from the cache without a new request.
 */
export function useListingSync(listing: ProductListing | undefined) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (listing) dispatch(listingReceived({ products: listing.data, giftCards: listing.giftCards }));
  }, [dispatch, listing]);
}
