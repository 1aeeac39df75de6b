import { useId, type ReactNode } from 'react';

/** How wide a page's column is: a form (narrow), a list or a history (medium), a grid of goods (wide). */
export type PageWidth = 'narrow' | 'medium' | 'wide';

/**
 * A shopper page's frame (issue 24: one look across pages): the document title, its one heading, an optional
 * line under it, a word above it, actions beside it, then the content in a centred column.
 */
export function PageLayout({
  title,
  eyebrow,
  documentTitle,
  intro,
  actions,
  width = 'medium',
  children,
  className,
  testId,
}: {
  title: ReactNode;
  /** A small word above the heading: the part of the store the page belongs to ("Account"). */
  eyebrow?: string;
  /** The browser tab's title, when the heading is not plain text or should read differently. */
  documentTitle?: string;
  intro?: ReactNode;
  actions?: ReactNode;
  width?: PageWidth;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={['ui-page', `ui-page--${width}`, className].filter(Boolean).join(' ')} data-testid={testId}>
      <title>{documentTitle ?? (typeof title === 'string' ? title : undefined)}</title>
      <header className="ui-page__header">
        <div>
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 className="ui-page__title">{title}</h1>
          {intro ? <p className="ui-page__intro">{intro}</p> : null}
        </div>
        {actions ? <div className="ui-page__actions">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/**
 * One dark panel of a page, named by its heading when it has one (a region a screen reader can jump to).
 * `as="div"` where the panel is not a section of its own (a note, a status).
 */
export function Panel({
  title,
  children,
  className,
  testId,
  label,
  role,
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** The panel's name when it has no heading. */
  label?: string;
  role?: 'status' | 'alert';
}) {
  const headingId = useId();
  return (
    <section
      className={['ui-panel', className].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : label}
      role={role}
      data-testid={testId}
    >
      {title ? (
        <h2 id={headingId} className="ui-panel__title">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
