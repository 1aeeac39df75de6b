import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <section className="not-found">
      <title>Page not found</title>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you are looking for has moved, or never existed. Let&rsquo;s get you back to the good stuff.</p>
      <div className="not-found__actions">
        <Link className="btn btn--primary" to="/">
          Go home
        </Link>
        <Link className="btn btn--ghost" to="/products">
          Browse products
        </Link>
      </div>
    </section>
  );
}
