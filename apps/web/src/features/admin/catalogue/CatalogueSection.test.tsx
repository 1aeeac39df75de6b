import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminCatalogueItem } from '@store/shared';
import { renderPage } from '../../../../test/render.tsx';
import CatalogueSection from './CatalogueSection.tsx';

afterEach(() => vi.unstubAllGlobals());

const pouch: AdminCatalogueItem = {
  id: 'p1',
  kind: 'product',
  name: 'Starter Pouch',
  description: 'A pouch.',
  image: '/assets/products/starter-pouch.svg',
  price: 499,
  coins: 500,
  bonusType: null,
  bonusAmount: null,
  availability: 'available',
  position: 0,
  brand: null,
  version: 4,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const jade: AdminCatalogueItem = { ...pouch, id: 'g1', kind: 'giftCard', name: 'Jade Card', brand: 'Jade', version: 2 };

interface Call {
  key: string;
  search: URLSearchParams;
  /** The body as sent: JSON parsed, anything else (a CSV, a picture) as text. */
  body: unknown;
  contentType: string | null;
}
type Reply = { status?: number; body: unknown };

/**
 * The network boundary (global fetch) for this section: its CSV and picture bodies are not JSON, so the
 * shared JSON-only mock does not fit; routes are 'METHOD path' under /api/.
 */
function stubApi(routes: Record<string, Reply | ((call: Call) => Reply)>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const contentType = request.headers.get('content-type');
      const text = await request.text();
      const body = contentType?.includes('json') && text ? JSON.parse(text) : text || undefined;
      const call = { key: `${request.method} ${url.pathname.replace(/^\/api\//, '')}`, search: url.searchParams, body, contentType };
      calls.push(call);
      const route = routes[call.key];
      const reply =
        typeof route === 'function'
          ? route(call)
          : (route ?? { status: 404, body: { success: false, message: 'No route', code: 'NOT_FOUND' } });
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, find: (key: string) => calls.find((c) => c.key === key) };
}

const page = (items: AdminCatalogueItem[]) => ({ body: { success: true, data: { items, page: 1, limit: 20, hasMore: false } } });

describe('CatalogueSection', () => {
  it('lists products, checks the form before sending, and creates one with the price in cents and the uploaded picture', async () => {
    const net = stubApi({
      'GET v1/admin/catalog/products': page([pouch]),
      'POST v1/admin/catalog/images': {
        status: 201,
        body: { success: true, data: { url: `/assets/products/uploads/${'a'.repeat(32)}.webp`, width: 1, height: 1 } },
      },
      'POST v1/admin/catalog/products': (call) => ({
        status: 201,
        body: { success: true, data: { ...pouch, id: 'p2', name: (call.body as { name: string }).name } },
      }),
    });
    const { user } = renderPage(<CatalogueSection />);
    expect(await screen.findByTestId('catalogue-p1')).toHaveTextContent('Starter Pouch');

    await user.click(screen.getByRole('button', { name: 'New coin package' }));
    await user.click(screen.getByRole('button', { name: 'Create coin package' }));
    expect(await screen.findByText('Enter a name shoppers will see.')).toBeInTheDocument();
    expect(screen.getByText('Upload a picture.')).toBeInTheDocument();
    expect(net.find('POST v1/admin/catalog/products')).toBeUndefined();

    await user.type(screen.getByLabelText('Name'), 'Dragon Hoard');
    await user.type(screen.getByLabelText('Price ($)'), '12.5');
    await user.type(screen.getByLabelText('Coins'), '9000');
    await user.selectOptions(screen.getByLabelText('Bonus type'), 'PERCENTAGE');
    await user.type(screen.getByLabelText('Bonus (%)'), '10');
    await user.upload(screen.getByLabelText('Picture'), new File([new Uint8Array([0x89, 0x50])], 'hoard.png', { type: 'image/png' }));
    await screen.findByTestId('catalogue-picture-preview');
    expect(net.find('POST v1/admin/catalog/images')!.contentType).toBe('image/png');
    await user.click(screen.getByRole('button', { name: 'Create coin package' }));

    expect(await screen.findByText('Dragon Hoard created.')).toBeInTheDocument();
    expect(net.find('POST v1/admin/catalog/products')!.body).toEqual({
      name: 'Dragon Hoard',
      description: '',
      image: `/assets/products/uploads/${'a'.repeat(32)}.webp`,
      price: 1_250,
      coins: 9_000,
      bonusType: 'PERCENTAGE',
      bonusAmount: 10,
      availability: 'available',
      position: 0,
    });
  });

  it('hides an item with the version it read, and says so when another admin changed it first', async () => {
    const net = stubApi({
      'GET v1/admin/catalog/products': page([pouch]),
      'PUT v1/admin/catalog/products/p1/availability': {
        status: 409,
        body: { success: false, message: 'Another admin changed this product since you opened it.', code: 'CONFLICT', field: 'version' },
      },
    });
    const { user } = renderPage(<CatalogueSection />);
    await user.selectOptions(await screen.findByLabelText('Availability of Starter Pouch'), 'hidden');
    expect(await screen.findByRole('alert')).toHaveTextContent('Another admin changed this product');
    expect(net.find('PUT v1/admin/catalog/products/p1/availability')!.body).toEqual({ availability: 'hidden', version: 4 });
  });

  it("imports a gift card's codes as CSV text and shows the report and the codes left, never a code in stock", async () => {
    let free = 0;
    const net = stubApi({
      'GET v1/admin/catalog/gift-cards': page([jade]),
      'GET v1/admin/catalog/gift-cards/g1/codes': () => ({
        body: { success: true, data: { giftCardId: 'g1', free, reserved: 0, sold: 1 } },
      }),
      'POST v1/admin/catalog/gift-cards/g1/codes': () => {
        free = 2;
        return {
          body: {
            success: true,
            data: {
              taken: 2,
              onRefused: 'skip',
              stock: { giftCardId: 'g1', free: 2, reserved: 0, sold: 1 },
              refused: [
                { line: 3, code: 'JADE-0001', reason: 'duplicateInFile', message: 'The same code is on line 1.' },
                { line: 4, code: 'SOLD-1', reason: 'alreadySold', message: 'This code was already sold to a shopper.' },
              ],
            },
          },
        };
      },
    });
    const { user } = renderPage(<CatalogueSection />);
    await user.click(await screen.findByRole('tab', { name: 'Gift cards' }));
    await user.click(within(await screen.findByTestId('catalogue-g1')).getByRole('button', { name: 'Codes' }));
    const codes = await screen.findByTestId('gift-card-codes');
    expect(await within(codes).findByTestId('codes-left')).toHaveTextContent('0 codes left');

    const csv = 'JADE-0001\nJADE-0002\nJADE-0001\nSOLD-0001\n';
    await user.upload(within(codes).getByLabelText('CSV of codes'), new File([csv], 'codes.csv', { type: 'text/csv' }));
    await user.click(within(codes).getByRole('button', { name: 'Import codes' }));

    const report = await within(codes).findByTestId('import-report');
    expect(report).toHaveTextContent('2 codes taken, 2 refused.');
    const rows = within(report)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(1)).toEqual(['3JADE-0001Duplicate in the file', '4SOLD-1Already sold']);
    await waitFor(() => expect(within(codes).getByTestId('codes-left')).toHaveTextContent('2 codes left'));
    const sent = net.find('POST v1/admin/catalog/gift-cards/g1/codes')!;
    expect(sent.body).toBe(csv);
    expect(sent.contentType).toBe('text/csv');
    expect(sent.search.get('onRefused')).toBe('skip');
  });
});
