import { CompanyName, ContentPage, PostalAddress, SupportEmailLink } from '../components/ContentPage.tsx';

export default function DataDeletionPage() {
  return (
    <ContentPage
      title="Data deletion"
      eyebrow="Your data, your choice"
      lead="You can ask us to delete your account and the personal data linked to it at any time. Here is how, and what happens next."
    >
      <section>
        <h2>How to request deletion</h2>
        <ol className="steps">
          <li>
            Send an e-mail to <SupportEmailLink /> from the address you use to sign in.
          </li>
          <li>Use the subject &ldquo;Data deletion request&rdquo;. You do not need to give a reason.</li>
          <li>We reply to confirm the request came from you, and to tell you about any coins left in your wallet.</li>
        </ol>
        <p>If you no longer have access to that e-mail address, write to us by post and we will help you prove the account is yours:</p>
        <PostalAddress />
      </section>

      <section>
        <h2>What we delete</h2>
        <ul>
          <li>Your profile: name, e-mail address, postal address and profile picture.</li>
          <li>Saved payment methods and the tokens our payment partners gave us for them.</li>
          <li>Your sign-in sessions on every device, and app data linked to your account.</li>
        </ul>
      </section>

      <section>
        <h2>What we must keep</h2>
        <p>
          The law requires <CompanyName /> to keep records of purchases, payments and identity checks for a number of years, for tax and
          anti-fraud purposes. We keep those records locked away, use them for nothing else, and delete them when the legal period ends.
        </p>
      </section>

      <section>
        <h2>How long it takes</h2>
        <p>
          We complete deletion within 30 days of your confirmation and e-mail you when it is done. Deletion is final: coins, purchase
          history and promotions cannot be restored afterwards.
        </p>
      </section>
    </ContentPage>
  );
}
