import type { ReactNode } from 'react';
import { useSiteSettingsQuery } from '../../../lib/site-data/settings.ts';

interface ContentPageProps {
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  updated?: string;
  children: ReactNode;
}

/** The frame every content page shares: document title, heading block, readable column. */
export function ContentPage({ title, eyebrow, lead, updated, children }: ContentPageProps) {
  const { data: settings } = useSiteSettingsQuery();
  return (
    <article className="content-page">
      <title>{settings ? `${title} | ${settings.companyName}` : title}</title>
      <header className="content-page__header">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="content-page__lead">{lead}</p>}
        {updated && <p className="content-page__updated">Last updated {updated}</p>}
      </header>
      <div className="content-page__body">{children}</div>
    </article>
  );
}

/** The company name from settings; a quiet placeholder while it loads. */
export function CompanyName() {
  const { data: settings } = useSiteSettingsQuery();
  return settings ? <>{settings.companyName}</> : <span className="text-skeleton" aria-label="Company name loading" />;
}

export function SupportEmailLink() {
  const { data: settings } = useSiteSettingsQuery();
  if (!settings) return <span className="text-skeleton" aria-label="Support e-mail loading" />;
  return <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>;
}

export function PhoneLink() {
  const { data: settings } = useSiteSettingsQuery();
  if (!settings) return <span className="text-skeleton" aria-label="Phone number loading" />;
  return <a href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}>{settings.phone}</a>;
}

export function PostalAddress() {
  const { data: settings } = useSiteSettingsQuery();
  if (!settings) return <span className="text-skeleton" aria-label="Address loading" />;
  return (
    <address className="postal-address">
      {settings.addressLines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}
