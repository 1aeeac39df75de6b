import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import ProductsPage from './ProductsPage.tsx';
import { aGiftCard, aProduct, listingEnvelope } from '../../../../test/fixtures/catalog.ts';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

// Typing through a real form is slow on a busy machine; the 5 s default is not about correctness.
afterEach(() => vi.unstubAllGlobals());

const cheap = aProduct({ _id: 'cheap', name: 'Cheap Pack', price: 499 });
const dear = aProduct({ _id: 'dear', name: 'Dear Pack', price: 4999, bonusType: 'PERCENTAGE', bonusAmount: 20 });
const soldOut = aProduct({ _id: 'gone', name: 'Gone Pack', price: 999, isAvailable: false });
const gift = aGiftCard({ _id: 'gift', name: 'Gift Card', price: 2500 });

const cardNames = () => screen.getAllByTestId('product-card').map((card) => within(card).getByRole('heading').textContent);

describe('ProductsPage', () => {
  it('shows packages and gift cards by price, available first, and feeds the listing slice', async () => {
    const api = mockApi({
      'GET v1/admin/product': ({ search }) =>
        search.get('sortOrder') === 'desc'
          ? listingEnvelope([dear, soldOut, cheap], [gift])
          : listingEnvelope([cheap, soldOut, dear], [gift]),
      'GET v1/admin/product/getDistinctPrices': { body: { success: true, data: [499, 999, 4999] } },
    });
    const { user, store } = renderPage(<ProductsPage />, { path: '/products' });

    await screen.findAllByTestId('product-card');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Coin packages and gift cards');
    expect(cardNames()).toEqual(['Cheap Pack', 'Gift Card', 'Dear Pack', 'Gone Pack']);
    expect(api.callsTo('GET', 'v1/admin/product')[0]?.search.get('sortOrder')).toBe('asc');
    await waitFor(() => expect(store.getState().productListing.isSoldProducts).toBe(true));
    expect(store.getState().productListing.products.map((p) => p._id)).toEqual(['cheap', 'dear', 'gone']);
    expect(store.getState().productListing.giftCards.map((g) => g._id)).toEqual(['gift']);
    expect(screen.getByText('Sold-out packages are listed last.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    await waitFor(() => expect(cardNames()).toEqual(['Dear Pack', 'Gift Card', 'Cheap Pack', 'Gone Pack']));
  });

  it('filters by one of the distinct prices', async () => {
    const api = mockApi({
      'GET v1/admin/product': ({ search }) => (search.get('price') === '4999' ? listingEnvelope([dear]) : listingEnvelope([cheap, dear])),
      'GET v1/admin/product/getDistinctPrices': { body: { success: true, data: [499, 4999] } },
    });
    const { user, store } = renderPage(<ProductsPage />, { path: '/products' });
    await screen.findAllByTestId('product-card');
    const priceFilter = screen.getByLabelText('Price');
    await within(priceFilter).findByRole('option', { name: '$49.99' });
    expect(
      within(priceFilter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All prices', '$4.99', '$49.99']);

    await user.selectOptions(priceFilter, '$49.99');
    await waitFor(() => expect(cardNames()).toEqual(['Dear Pack']));
    expect(api.calls.at(-1)?.search.get('price')).toBe('4999');
    expect(store.getState().productListing.isSoldProducts).toBe(false);
  });
});
