import { Link } from 'react-router';
import { ContentPage, PhoneLink, PostalAddress, SupportEmailLink } from '../components/ContentPage.tsx';

export default function ContactPage() {
  return (
    <ContentPage
      title="Contact us"
      eyebrow="Support"
      lead="Questions about an order, your coins or your account? Our support team answers every message, usually within one business day."
    >
      <div className="contact-grid">
        <section className="contact-card">
          <h2>E-mail</h2>
          <p>The fastest way to reach us, any time of day.</p>
          <p className="contact-card__value">
            <SupportEmailLink />
          </p>
        </section>
        <section className="contact-card">
          <h2>Phone</h2>
          <p>Monday to Friday, 9 am to 6 pm Eastern Time.</p>
          <p className="contact-card__value">
            <PhoneLink />
          </p>
        </section>
        <section className="contact-card">
          <h2>Mail</h2>
          <p>For formal notices and documents.</p>
          <PostalAddress />
        </section>
      </div>

      <section>
        <h2>Help us help you faster</h2>
        <ul>
          <li>Write from the e-mail address you use to sign in.</li>
          <li>For a purchase, include the date, the amount and the package you bought.</li>
          <li>For a payment problem, never send your full card number. The last four digits are enough.</li>
          <li>
            For identity verification questions, read <Link to="/kyc-info">how verification works</Link> first. It answers most of them.
          </li>
        </ul>
      </section>
    </ContentPage>
  );
}
