import type { testAccountsResponse, TestAccount } from '@store/shared';
import { api } from '../../../lib/api.ts';
import { responseData } from '../../../lib/api-response.ts';

/** A demo account as the page lists it; name is the display name ("Dana Demo"). */
export type DemoAccount = Pick<TestAccount, 'email' | 'role' | 'name'>;

const displayName = ({ name, firstname, lastname, email }: TestAccount) =>
  name?.trim() || [firstname, lastname].filter(Boolean).join(' ').trim() || email;

const testAccountsApi = api.injectEndpoints({
  endpoints: (b) => ({
    // 404 when the server runs without demo data; the page says so itself.
    authTestAccounts: b.query<DemoAccount[], void>({
      query: () => 'v1/auth/test-accounts',
      transformResponse: responseData<typeof testAccountsResponse>().select((accounts) =>
        accounts.map((account) => ({ email: account.email, role: account.role, name: displayName(account) })),
      ),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthTestAccountsQuery } = testAccountsApi;
