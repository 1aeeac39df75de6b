import { Link } from 'react-router';
import { useSiteSettingsQuery } from '../../../lib/site-data/settings.ts';
import { CompanyName, ContentPage } from '../components/ContentPage.tsx';

export default function AboutPage() {
  const { data: settings } = useSiteSettingsQuery();
  return (
    <ContentPage
      title="About us"
      eyebrow="Who we are"
      lead={
        <>
          <CompanyName /> is an artist collective that builds games, art and a store to go with them, and gives back to the community that
          plays them.
        </>
      }
    >
      {settings?.companyDescription && <p>{settings.companyDescription}</p>}

      <section>
        <h2>What you can buy here</h2>
        <p>
          Our store sells coin packages for our games and digital gift cards. Every package shows its price in dollars, the coins you
          receive and any bonus on top, so you always know exactly what you are getting before you pay. Coins land in your wallet the moment
          a payment is confirmed.
        </p>
      </section>

      <section>
        <h2>How it works</h2>
        <ol className="steps">
          <li>
            <strong>Create an account.</strong> Sign up with your e-mail address and confirm it from your inbox.
          </li>
          <li>
            <strong>Pick a package.</strong> Browse the <Link to="/products">products</Link>, compare bonuses and choose the one that suits
            your play.
          </li>
          <li>
            <strong>Pay securely.</strong> Card details go straight to our payment partners; they never touch our servers.
          </li>
          <li>
            <strong>Play.</strong> Your balance updates instantly, on the web and in our iOS and Android apps.
          </li>
        </ol>
      </section>

      <section>
        <h2>Giving back</h2>
        <p>
          A part of what we earn goes back to the players through sweepstakes, giveaways and community events. We announce every draw in
          advance, publish the rules, and never ask for a purchase to take part.
        </p>
      </section>

      <section>
        <h2>Fair and safe play</h2>
        <p>
          We verify the identity of players who cash out, keep payment data with certified processors and only offer our services where we
          are allowed to. If something does not look right, our support team is one message away on the{' '}
          <Link to="/contact">contact page</Link>.
        </p>
      </section>
    </ContentPage>
  );
}
