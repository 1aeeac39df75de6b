import { verificationStatus } from '@store/shared';
import CashOutPage from '../../features/cashout/pages/CashOutPage.tsx';
import type { CashoutShopper } from '../../features/cashout/types.ts';
import { LinkBankAccount } from '../../features/payments/components/LinkBankAccount.tsx';
import { useUserGetUserQuery } from '../../features/user/api/get-user.ts';

/** The winnings and verification from the user feature's getuser query (the header asked for it: no second fetch). */
function useCashoutShopper(): CashoutShopper | null {
  const { data } = useUserGetUserQuery();
  return data ? { winnings: data.data.coins.winWallet, verification: verificationStatus(data.jumio) } : null;
}

/**
 * /cash-out: the cash-out page with the shopper's winnings and verification, and the payments feature's bank
 * link for a shopper with no account (the linking page comes back here, issue 24).
 */
export default function CashOutRoute() {
  return (
    <CashOutPage
      shopper={useCashoutShopper()}
      renderBankLink={({ another, onLinked }) => <LinkBankAccount returnTo="cash-out" another={another} onLinked={onLinked} />}
    />
  );
}
