import { Link } from 'react-router';
import { ContentPage, SupportEmailLink } from '../components/ContentPage.tsx';

export default function KycInfoPage() {
  return (
    <ContentPage
      title="Identity verification"
      eyebrow="Know your customer"
      lead="Before some actions, such as cashing out, we need to confirm who you are. It takes a few minutes and keeps your account, and everyone else's, safe."
    >
      <section>
        <h2>Why we verify</h2>
        <p>
          Verification protects you against someone else using your account or your payment methods. It also lets us meet the law: we must
          make sure players are adults, live where our services are offered, and that money moving through the store is not used for fraud.
        </p>
      </section>

      <section>
        <h2>What you need</h2>
        <ul>
          <li>A valid government-issued photo ID: passport, driving licence or national identity card.</li>
          <li>A phone or computer with a camera, for a short selfie that is matched to your ID.</li>
          <li>Good light and a few minutes without interruptions.</li>
        </ul>
      </section>

      <section>
        <h2>How it works</h2>
        <ol className="steps">
          <li>Start verification from your account. You are taken to our verification partner&rsquo;s secure page.</li>
          <li>Take photos of both sides of your ID, then a selfie.</li>
          <li>The partner checks the document and the match, usually within minutes.</li>
          <li>Your badge in the header shows the result.</li>
        </ol>
      </section>

      <section>
        <h2>What the badge means</h2>
        <dl className="definition-list">
          <dt>
            <span className="verification-badge verification-badge--verified">Verified</span>
          </dt>
          <dd>Your identity is confirmed. Nothing else to do.</dd>
          <dt>
            <span className="verification-badge verification-badge--pending">Pending</span>
          </dt>
          <dd>Your documents were received and are being checked. This usually takes a few minutes.</dd>
          <dt>
            <span className="verification-badge verification-badge--retry">Retry</span>
          </dt>
          <dd>The check did not pass, often because of a blurry photo or an expired document. Click the badge to try again.</dd>
        </dl>
      </section>

      <section>
        <h2>Your documents stay private</h2>
        <p>
          Images of your ID are processed by our verification partner under strict data protection rules. We keep only the result and the
          data the law requires. Read more in our <Link to="/privacy-policy">privacy policy</Link>. Questions? Write to <SupportEmailLink />
          .
        </p>
      </section>
    </ContentPage>
  );
}
