import { Link, useParams } from 'react-router';
import { formatCoins, KYC_DECISION_NAMES, KYC_STATUS_NAMES, kycName, ROLE_LABELS, SHOPPER_WALLETS } from '@store/shared';
import { readApiFailure } from '../../../lib/api-failure.ts';
import { ConfirmAction } from '../components/ConfirmAction.tsx';
import { LedgerTable } from '../components/LedgerTable.tsx';
import { formatWhen } from '../components/format.ts';
import { WalletAdjustmentForm } from './WalletAdjustmentForm.tsx';
import { useAdminUserQuery, useResetVerificationMutation, useRevokeUserSessionsMutation } from './users-api.ts';
import { Button } from '../../../components/ui/index.ts';

/** /admin/users/:id: profile, verification record, the three wallets, ledger history; and the admin's changes. */
export function UserDetail() {
  const { id = '' } = useParams();
  const { data, error, isError, refetch } = useAdminUserQuery(id, { refetchOnMountOrArgChange: true });
  const [revokeSessions] = useRevokeUserSessionsMutation();
  const [resetVerification] = useResetVerificationMutation();

  if (isError) {
    const notFound = readApiFailure(error).status === 404;
    return (
      <section className="admin-panel">
        <p>{notFound ? 'No user with this id.' : "We couldn't load this user."}</p>
        {!notFound && (
          <Button variant="ghost" onClick={() => void refetch()}>
            Try again
          </Button>
        )}
        <Link to="/admin/users">Back to users</Link>
      </section>
    );
  }
  if (!data) return <p role="status">Loading the user…</p>;
  const { user, verification, wallets, recentLedger } = data;

  return (
    <div data-testid="admin-user-detail">
      <p>
        <Link to="/admin/users">← Users</Link>
      </p>
      <h2>{user.email}</h2>

      <section className="admin-panel" aria-label="Profile">
        <h3>Profile</h3>
        <dl>
          <dt>Name</dt>
          <dd>
            {user.firstname} {user.lastname}
          </dd>
          <dt>Role</dt>
          <dd>{ROLE_LABELS[user.role]}</dd>
          <dt>E-mail confirmed</dt>
          <dd>{user.emailVerified ? 'Yes' : 'No'}</dd>
          <dt>Joined</dt>
          <dd>{formatWhen(user.createdAt)}</dd>
          <dt>Address</dt>
          <dd>
            {user.address
              ? `${user.address.street}, ${user.address.city}, ${user.address.state} ${user.address.zipCode}, ${user.address.country}`
              : '—'}
          </dd>
        </dl>
        <p>
          <Link to={`/admin/orders?userId=${encodeURIComponent(user.id)}`}>This user's orders</Link> ·{' '}
          <Link to={`/admin/recordings?userId=${encodeURIComponent(user.id)}`}>Recorded sessions</Link>
        </p>
        <ConfirmAction
          label="Revoke sessions"
          question={`Sign ${user.email} out everywhere? Their next call is refused until they sign in again.`}
          danger
          run={async () => {
            const result = await revokeSessions(user.id).unwrap();
            return `${result.revokedSessions} session${result.revokedSessions === 1 ? '' : 's'} revoked.`;
          }}
        />
      </section>

      <section className="admin-panel" aria-label="Verification">
        <h3>Verification</h3>
        {verification ? (
          <dl data-testid="admin-user-verification">
            <dt>Attempts</dt>
            <dd>{verification.attempts}</dd>
            <dt>Decision</dt>
            <dd>{kycName(KYC_DECISION_NAMES, verification.decision)}</dd>
            <dt>Status</dt>
            <dd>{kycName(KYC_STATUS_NAMES, verification.status)}</dd>
            <dt>Updated</dt>
            <dd>{formatWhen(verification.updatedAt)}</dd>
          </dl>
        ) : (
          <p>No identity check started.</p>
        )}
        <ConfirmAction
          label="Reset verification"
          question="Reset this verification record? The shopper starts again with no attempts and no decision."
          disabled={!verification}
          run={async () => {
            await resetVerification(user.id).unwrap();
            return 'Verification reset: the shopper can verify again.';
          }}
        />
      </section>

      <section className="admin-panel" aria-label="Wallets">
        <h3>Wallets</h3>
        <dl className="admin-tiles">
          {SHOPPER_WALLETS.map(([wallet, label]) => (
            <div key={wallet} className="admin-tile">
              <dt>{label}</dt>
              <dd data-testid={`admin-wallet-${wallet}`}>{formatCoins(wallets[wallet])}</dd>
            </div>
          ))}
        </dl>
        <WalletAdjustmentForm userId={user.id} />
      </section>

      <section className="admin-panel" aria-label="Ledger">
        <h3>Ledger (newest 50)</h3>
        <LedgerTable entries={recentLedger} />
      </section>
    </div>
  );
}
