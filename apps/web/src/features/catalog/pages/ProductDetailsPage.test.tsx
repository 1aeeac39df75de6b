import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import ProductDetailsPage from './ProductDetailsPage.tsx';
import { aGiftCard, aProduct } from '../../../../test/fixtures/catalog.ts';
import { failure, mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

// Typing through a real form is slow on a busy machine; the 5 s default is not about correctness.
afterEach(() => vi.unstubAllGlobals());

describe('ProductDetailsPage', () => {
  it('shows a coin package with price, coins, bonus and availability, and stores it in the listing slice', async () => {
    const product = aProduct({ _id: 'p-5', name: 'Mega Pack', price: 9999, coins: 12000, bonusType: 'COINS', bonusAmount: 1500 });
    mockApi({ 'GET v1/admin/product/eachProduct/p-5': { body: { success: true, data: { data: product } } } });
    const { store } = renderPage(<ProductDetailsPage />, { path: '/product-details/:id', at: '/product-details/p-5' });

    const details = await screen.findByTestId('product-details');
    expect(screen.getByRole('heading', { level: 1, name: 'Mega Pack' })).toBeInTheDocument();
    expect(details).toHaveTextContent('$99.99');
    expect(details).toHaveTextContent('12,000');
    expect(screen.getByTestId('product-bonus-tag')).toHaveTextContent('1500 LDC Bonus');
    expect(details).toHaveTextContent('Available');
    expect(screen.queryByRole('button', { name: /cart/i })).not.toBeInTheDocument();
    await waitFor(() => expect(store.getState().productListing.singleProdutPackages).toEqual(product));
  });

  it('asks the gift-card endpoint for ?type=giftCard', async () => {
    const giftCard = aGiftCard({ _id: 'g-3', isAvailable: false });
    const api = mockApi({ 'GET v1/admin/gift-card/g-3': { body: { success: true, data: { data: giftCard } } } });
    renderPage(<ProductDetailsPage />, { path: '/product-details/:id', at: '/product-details/g-3?type=giftCard' });

    expect(await screen.findByTestId('product-details')).toHaveTextContent('Sold out');
    expect(screen.getByText('Lucky Dragon gift card')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(['v1/admin/gift-card/g-3']);
  });

  it('says it could not find an unknown package and points back to the catalogue', async () => {
    mockApi({ 'GET v1/admin/product/eachProduct/nope': failure(404, 'Product not found.', 'NOT_FOUND') });
    renderPage(<ProductDetailsPage />, { path: '/product-details/:id', at: '/product-details/nope' });
    expect(await screen.findByRole('heading', { name: "We couldn't find that package" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all packages' })).toHaveAttribute('href', '/products');
    expect(screen.queryByTestId('product-details')).not.toBeInTheDocument();
  });
});
