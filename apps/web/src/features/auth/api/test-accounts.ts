import { api } from '../../../lib/api.ts';

export interface DemoAccount {
  email: string;
  role: 'USER' | 'ADMIN';
  /** "Dana Demo". */
  name: string;
}

/** As sent: the web contract names `firstname` + `lastname`, the server sends `name`; either is read. */
interface DemoAccountAnswer {
  email: string;
  role: 'USER' | 'ADMIN';
  name?: string;
  firstname?: string;
  lastname?: string;
}

const displayName = ({ name, firstname, lastname, email }: DemoAccountAnswer) =>
  name?.trim() || [firstname, lastname].filter(Boolean).join(' ').trim() || email;

const testAccountsApi = api.injectEndpoints({
  endpoints: (b) => ({
    // 404 when the server runs without demo data; the page says so itself.
    authTestAccounts: b.query<DemoAccount[], void>({
      query: () => 'v1/auth/test-accounts',
      transformResponse: (response: { data: DemoAccountAnswer[] }) =>
        response.data.map((account) => ({ email: account.email, role: account.role, name: displayName(account) })),
      extraOptions: { skipErrorHandler: true },
    }),
  }),
});

export const { useAuthTestAccountsQuery } = testAccountsApi;
