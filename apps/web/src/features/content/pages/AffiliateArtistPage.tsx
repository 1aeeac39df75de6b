import { CompanyName, ContentPage, SupportEmailLink } from '../components/ContentPage.tsx';

export default function AffiliateArtistPage() {
  return (
    <ContentPage
      title="Affiliate artists"
      eyebrow="Create with us"
      lead={
        <>
          <CompanyName /> started as a group of artists, and artists still shape everything we make. Our affiliate program invites
          independent creators to design with us and share in what their work earns.
        </>
      }
    >
      <section>
        <h2>What affiliate artists do</h2>
        <ul>
          <li>Design coin packages, gift card art, avatars and seasonal themes for our games.</li>
          <li>Co-host community events, live drawing sessions and giveaways with our team.</li>
          <li>Promote the store to their audience with a personal link and exclusive bonus codes.</li>
        </ul>
      </section>

      <section>
        <h2>What you get</h2>
        <ul>
          <li>A revenue share on every package that carries your art, paid monthly.</li>
          <li>Credit on the product page and in the apps, with a link to your portfolio.</li>
          <li>Early access to new games, and a say in the art direction of the collective.</li>
        </ul>
      </section>

      <section>
        <h2>How to apply</h2>
        <ol className="steps">
          <li>Put together a short portfolio: five to ten pieces that show your style.</li>
          <li>
            E-mail it to <SupportEmailLink /> with the subject &ldquo;Affiliate artist&rdquo;, a few lines about you and where your audience
            follows you.
          </li>
          <li>We review every application and reply within two weeks, with next steps or feedback.</li>
        </ol>
        <p>You must be 18 or older and keep the rights to the work you submit.</p>
      </section>
    </ContentPage>
  );
}
