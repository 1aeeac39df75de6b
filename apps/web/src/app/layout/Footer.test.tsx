import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/mock-api.ts';
import { settingsFixture } from '../../../test/fixtures/site.ts';
import { renderPage } from '../../../test/render.tsx';
import { Footer } from './Footer.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('footer', () => {
  it('shows the company block, address, phone and the 2024 copyright from settings', async () => {
    mockApi({ 'GET v1/settings': { body: { success: true, data: settingsFixture } } });
    renderPage(<Footer />);
    const footer = screen.getByTestId('site-footer');
    expect(await within(footer).findByText('© 2024 Lucky Dragon Collective')).toBeInTheDocument();
    expect(within(footer).getByText(settingsFixture.companyDescription)).toBeInTheDocument();
    for (const line of settingsFixture.addressLines) expect(within(footer).getByText(line)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: settingsFixture.phone })).toHaveAttribute('href', 'tel:+14155550142');
  });

  it('links the content pages', async () => {
    mockApi({ 'GET v1/settings': { body: { success: true, data: settingsFixture } } });
    renderPage(<Footer />);
    const footer = screen.getByTestId('site-footer');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    for (const path of ['/about-us', '/contact', '/data-deletion', '/use-policy-terms', '/privacy-policy', '/affiliate-artist']) {
      expect(hrefs).toContain(path);
    }
    await within(footer).findByText('© 2024 Lucky Dragon Collective');
  });

  it('has app download links that open in a new tab', async () => {
    mockApi({ 'GET v1/settings': { body: { success: true, data: settingsFixture } } });
    renderPage(<Footer />);
    const footer = screen.getByTestId('site-footer');
    const appStore = await within(footer).findByRole('link', { name: /App Store/ });
    const googlePlay = within(footer).getByRole('link', { name: /Google Play/ });
    await within(footer).findByText('© 2024 Lucky Dragon Collective');
    expect(appStore).toHaveAttribute('href', settingsFixture.iosAppUrl);
    expect(googlePlay).toHaveAttribute('href', settingsFixture.androidAppUrl);
    for (const link of [appStore, googlePlay]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('Contact Support goes to /contact', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET v1/settings': { body: { success: true, data: settingsFixture } } });
    const { router } = renderPage(<Footer />);
    await user.click(screen.getByRole('button', { name: 'Contact Support' }));
    expect(router.state.location.pathname).toBe('/contact');
  });
});
