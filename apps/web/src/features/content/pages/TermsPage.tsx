import { Link } from 'react-router';
import { CompanyName, ContentPage, SupportEmailLink } from '../components/ContentPage.tsx';

export default function TermsPage() {
  return (
    <ContentPage
      title="Terms and Conditions"
      eyebrow="Legal"
      updated="January 15, 2024"
      lead={
        <>
          These terms are the agreement between you and <CompanyName /> for the use of our store, games and apps. Please read them before
          you create an account or make a purchase.
        </>
      }
    >
      <section>
        <h2>1. Who can use the store</h2>
        <p>
          You must be at least 18 years old and live in a country where our services are offered. We may restrict access from some
          countries; purchases made from those countries are not allowed.
        </p>
      </section>

      <section>
        <h2>2. Your account</h2>
        <p>
          Keep your password secret and tell us at once if you think someone else used your account. One person, one account. We may ask you
          to verify your identity; see <Link to="/kyc-info">identity verification</Link>.
        </p>
      </section>

      <section>
        <h2>3. Coins and gift cards</h2>
        <ul>
          <li>Coins are a licence to use virtual items in our games. They are not money and have no value outside our services.</li>
          <li>Bonus coins and promotional coins may carry extra conditions, shown with the offer.</li>
          <li>Gift cards are delivered digitally and follow the conditions of the brand that issues them.</li>
        </ul>
      </section>

      <section>
        <h2>4. Prices, payment and refunds</h2>
        <p>
          Prices are shown in US dollars and include the coins you receive. Payment is taken when you place the order. Because coins are
          delivered immediately, purchases are final once delivered, except where the law gives you a right to a refund or when a technical
          fault on our side prevented delivery.
        </p>
      </section>

      <section>
        <h2>5. Promotions, sweepstakes and giveaways</h2>
        <p>
          Each promotion has its own rules, published with it. No purchase is necessary to enter our sweepstakes, and a purchase does not
          improve your chances of winning.
        </p>
      </section>

      <section>
        <h2>6. Things you must not do</h2>
        <ul>
          <li>Use stolen payment methods, or dispute a charge for a purchase you received.</li>
          <li>Cheat, use bots or exploit bugs, or sell or transfer your account or coins.</li>
          <li>Harass other players or post unlawful content.</li>
        </ul>
        <p>We may suspend or close accounts that break these rules.</p>
      </section>

      <section>
        <h2>7. Liability</h2>
        <p>
          We work hard to keep the store available and correct, but we provide it as is. To the extent the law allows, we are not liable for
          indirect losses, and our total liability is limited to the amount you paid us in the last twelve months.
        </p>
      </section>

      <section>
        <h2>8. Changes and contact</h2>
        <p>
          We may update these terms and will tell you about important changes before they apply. Questions? Write to <SupportEmailLink />.
          Our <Link to="/privacy-policy">privacy policy</Link> explains how we handle your data.
        </p>
      </section>
    </ContentPage>
  );
}
