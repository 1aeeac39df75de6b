import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ProductCard } from './ProductCard.tsx';
import { aGiftCard, aProduct } from '../../../../test/fixtures/catalog.ts';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

// Typing through a real form is slow on a busy machine; the 5 s default is not about correctness.
afterEach(() => vi.unstubAllGlobals());

function renderCard(element: React.ReactNode) {
  mockApi({});
  return renderPage(element, { path: '/products' });
}

describe('ProductCard', () => {
  it('shows image, name, description, dollars and coins', () => {
    renderCard(<ProductCard item={aProduct({ price: 123456, coins: 150000 })} />);
    const card = screen.getByTestId('product-card');
    expect(within(card).getByRole('img', { name: 'Starter Pack' })).toHaveAttribute('src', '/images/starter.png');
    expect(within(card).getByRole('heading', { name: 'Starter Pack' })).toBeInTheDocument();
    expect(card).toHaveTextContent('A handful of coins to get going.');
    expect(card).toHaveTextContent('$1,234.56');
    expect(card).toHaveTextContent('150,000 coins');
    expect(card).toHaveAttribute('data-available', 'true');
    expect(within(card).getByTestId('buy-button')).toHaveTextContent('Buy');
  });

  it("tags a percentage bonus '% Bonus' and a coin bonus 'LDC Bonus'", () => {
    renderCard(
      <>
        <ProductCard item={aProduct({ _id: 'a', bonusType: 'PERCENTAGE', bonusAmount: 10 })} />
        <ProductCard item={aProduct({ _id: 'b', bonusType: 'COINS', bonusAmount: 500 })} />
        <ProductCard item={aProduct({ _id: 'c' })} />
      </>,
    );
    expect(screen.getAllByTestId('product-bonus-tag').map((tag) => tag.textContent)).toEqual(['10% Bonus', '500 LDC Bonus']);
  });

  it('opens the details page from the Buy button or anywhere on the card', async () => {
    const { user } = renderCard(<ProductCard item={aProduct({ _id: 'p-42' })} />);
    await user.click(screen.getByTestId('buy-button'));
    expect(await screen.findByText('Now at /product-details/p-42')).toBeInTheDocument();
  });

  it('opens a gift card with ?type=giftCard', async () => {
    const { user } = renderCard(<ProductCard item={aGiftCard({ _id: 'g-9' })} />);
    await user.click(screen.getByText('A gift for a fellow player.'));
    expect(await screen.findByText('Now at /product-details/g-9?type=giftCard')).toBeInTheDocument();
  });

  it('reads Sold, is disabled and goes nowhere when unavailable', async () => {
    const { user, router } = renderCard(<ProductCard item={aProduct({ isAvailable: false })} />);
    const card = screen.getByTestId('product-card');
    const button = within(card).getByTestId('buy-button');
    expect(card).toHaveAttribute('data-available', 'false');
    expect(button).toHaveTextContent('Sold');
    expect(button).toBeDisabled();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();

    await user.click(card);
    await user.click(within(card).getByRole('heading', { name: 'Starter Pack' }));
    expect(router.state.location.pathname).toBe('/products');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
