import type { ReactNode } from 'react';

/** A page's frame: its one heading, an optional line under it, actions beside it, then the content. */
export function PageLayout({
  title,
  intro,
  actions,
  children,
  className,
  testId,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={['ui-page', className].filter(Boolean).join(' ')} data-testid={testId}>
      <header className="ui-page__header">
        <div>
          <h1 className="ui-page__title">{title}</h1>
          {intro ? <p className="ui-page__intro">{intro}</p> : null}
        </div>
        {actions ? <div className="ui-page__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
