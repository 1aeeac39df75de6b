// The demo accounts' credentials, apart from the seeding that creates them (accounts.ts, which credits the
// wallet): auth's demo sign-in reads them without importing the wallet, so no import cycle runs
// auth → seed → wallet → auth.
export interface DemoAccount {
  email: string;
  password: string;
  role: 'USER' | 'ADMIN';
  firstname: string;
  lastname: string;
}

// Demo credentials are public by design: they exist only when the server runs with demo data.
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'demo@luckydragon.example', password: 'demo-password-1', role: 'USER', firstname: 'Dana', lastname: 'Demo' },
  { email: 'admin@luckydragon.example', password: 'admin-password-1', role: 'ADMIN', firstname: 'Ada', lastname: 'Admin' },
];
