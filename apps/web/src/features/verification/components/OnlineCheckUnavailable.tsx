import { Link } from 'react-router';
import { Button } from '../../../components/ui/index.ts';

/**
 * The identity provider could not open the check (unreachable, or refusing): the store says so plainly,
 * offers to try again and says how to get help.
 */
export function OnlineCheckUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="verification-notice" role="note" aria-labelledby="verification-unavailable-title">
      <h2 id="verification-unavailable-title">Online verification is not available right now</h2>
      <p>
        The identity check could not be opened. Please try again in a moment. If it keeps failing, contact our support team and we will help
        you by e-mail or phone.
      </p>
      <div className="verification-page__actions">
        <Button onClick={onRetry}>Try again</Button>
        <Link className="btn btn--ghost" to="/contact">
          Contact support
        </Link>
      </div>
    </section>
  );
}
