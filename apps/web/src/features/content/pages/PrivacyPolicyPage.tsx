import { Link } from 'react-router';
import { CompanyName, ContentPage, PostalAddress, SupportEmailLink } from '../components/ContentPage.tsx';
import { RecordingOptOut, RecordingRetention } from '../../../lib/recording/RecordingOptOut.tsx';

export default function PrivacyPolicyPage() {
  return (
    <ContentPage
      title="Privacy policy"
      eyebrow="Legal"
      updated="November 24, 2026"
      lead={
        <>
          This policy explains what personal data <CompanyName /> collects when you use our store and apps, why we collect it, and the
          choices you have.
        </>
      }
    >
      <section>
        <h2>1. Data we collect</h2>
        <ul>
          <li>
            <strong>Account data:</strong> your name, e-mail address, password (stored only as a one-way hash) and, when you add them, your
            postal address and profile picture.
          </li>
          <li>
            <strong>Purchase data:</strong> the packages you buy, amounts, dates, coupons and promotions used.
          </li>
          <li>
            <strong>Payment data:</strong> handled by our payment partners. We receive only a token and the last four digits of a card,
            never the full number or the security code.
          </li>
          <li>
            <strong>Verification data:</strong> the result of identity checks done by our verification partner.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, device and browser type, used to keep the service secure and to apply country
            restrictions.
          </li>
        </ul>
      </section>

      <section>
        <h2>2. How we use it</h2>
        <ul>
          <li>To run your account, deliver the coins you buy and show your purchase history.</li>
          <li>To prevent fraud, verify identity where required and meet our legal duties.</li>
          <li>To answer your support requests.</li>
          <li>To tell you about promotions and giveaways, only if you agreed to it. You can opt out at any time.</li>
        </ul>
      </section>

      <section>
        <h2>3. Who we share it with</h2>
        <p>
          We never sell your data. We share it only with the partners that help us run the service (payment processors, the identity
          verification provider, hosting and e-mail services), under contracts that limit their use to that purpose, and with authorities
          when the law requires it.
        </p>
      </section>

      <section>
        <h2>4. Cookies and local storage</h2>
        <p>
          We store a sign-in token and a few preferences in your browser so you stay signed in and the store remembers where you were. They
          are removed when you log out. We do not use third-party advertising cookies.
        </p>
      </section>

      <section id="session-recording">
        <h2>5. Session recording</h2>
        <p>
          To find and fix problems in the store, we record a share of visits (a sample, about one visit in four unless we change it): the
          structure of the pages you see, your clicks, scrolling and mouse movement, and the pages you move between. Everything you type is
          masked before it leaves your browser (we see asterisks, never the text), and card and bank details are never recorded: they are
          entered in frames served by our payment partners, which the recording leaves out. Recordings are kept for <RecordingRetention />,
          then deleted, and only our support staff can replay them.
        </p>
        <p>
          You can opt out at any time. The choice is kept in this browser and, when you are signed in, on your account, so it holds on every
          device you sign in on:
        </p>
        <p>
          <RecordingOptOut />
        </p>
      </section>

      <section>
        <h2>6. How long we keep it</h2>
        <p>
          Account data is kept while your account is open. Purchase, payment and verification records are kept for the period tax and
          anti-money-laundering laws require, then deleted.
        </p>
      </section>

      <section>
        <h2>7. Your rights</h2>
        <p>
          You can ask to see, correct, export or delete your personal data, and object to marketing. See{' '}
          <Link to="/data-deletion">how to delete your data</Link>, or write to <SupportEmailLink />. We answer within 30 days.
        </p>
      </section>

      <section>
        <h2>8. Children</h2>
        <p>Our store is for adults. We do not knowingly collect data from anyone under 18.</p>
      </section>

      <section>
        <h2>9. Contact</h2>
        <p>
          Questions about this policy can be sent by e-mail to <SupportEmailLink /> or by post to:
        </p>
        <PostalAddress />
      </section>
    </ContentPage>
  );
}
