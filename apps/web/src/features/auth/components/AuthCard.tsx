import type { ReactNode } from 'react';
import '../auth.css';

/** The frame every guest-only page sits in: a centred card with a heading. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-page">
      <title>{title}</title>
      {/* Deliberately not a labelled region: titles such as "Resend the confirmation e-mail" would then
          answer a lookup by the label "E-mail" as well as the input. */}
      <section className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {intro ? <p className="auth-card__intro">{intro}</p> : null}
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </section>
    </div>
  );
}
