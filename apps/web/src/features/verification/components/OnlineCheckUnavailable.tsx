import { Link } from 'react-router';

/**
 * Identity verification with the provider is a later capability: until it exists the store says so
 * plainly instead of showing a button that does nothing.
 */
export function OnlineCheckUnavailable() {
  return (
    <section className="verification-notice" role="note" aria-labelledby="verification-unavailable-title">
      <h2 id="verification-unavailable-title">Online verification is not available yet</h2>
      <p>
        The identity check cannot be opened from the store at the moment. To get verified, or if you have questions about your status,
        contact our support team and we will help you by e-mail or phone.
      </p>
      <Link className="btn btn--primary" to="/contact">
        Contact support
      </Link>
    </section>
  );
}
