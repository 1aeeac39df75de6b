import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { AUTH_TOKEN_KEY, USER_KEY } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import { FORBIDDEN_MESSAGE } from '../../lib/error-handler.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { getUserFixture } from '../../../test/fixtures/site.ts';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { adminDashboardFixture } from '../../../test/fixtures/admin.ts';
import AdminRoute from './AdminRoute.tsx';

beforeEach(() => {
  storage.set(AUTH_TOKEN_KEY, 'tok_dana');
  storage.set(USER_KEY, { _id: 'u_dana', role: 'USER' });
});

afterEach(() => {
  act(() => toast.dismiss());
});

function renderAdmin(role: 'USER' | 'ADMIN') {
  const user = getUserFixture();
  const net = mockApi({
    'GET v1/getuser': { body: { ...user, data: { ...user.data, role } } },
    'GET v1/admin/dashboard': { body: adminDashboardFixture },
  });
  const view = renderRoutes(
    [
      { path: '/admin/*', element: <AdminRoute /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { path: '/admin' },
  );
  return { ...view, net };
}

describe('/admin', () => {
  it('sends a shopper home with the warning of a 403, never showing the console', async () => {
    const { net } = renderAdmin('USER');

    expect(await screen.findByText(FORBIDDEN_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('Now at /'));
    expect(screen.queryByTestId('admin-console')).not.toBeInTheDocument();
    expect(net.calls.some((call) => call.path.startsWith('v1/admin/'))).toBe(false);
  });

  it('shows an admin the console with its nav and the dashboard', async () => {
    renderAdmin('ADMIN');

    expect(await screen.findByTestId('admin-console')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
    expect(await screen.findByTestId('sales-today')).toHaveTextContent('$123.45');
    expect(screen.getByTestId('sales-week')).toHaveTextContent('$999.00');
    expect(screen.getByTestId('orders-fulfilled')).toHaveTextContent('7');
    expect(screen.getByTestId('pending-cashouts')).toHaveTextContent('2');
  });
});
