import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { stubApi } from '../../testing/auth-api-stub';
import { privacySections } from './privacy-page';
import { termsSections } from './terms-page';

afterEach(() => vi.unstubAllGlobals());

describe.each([
  { path: '/terms', title: 'Terms of Service', sections: termsSections },
  { path: '/privacy', title: 'Privacy Policy', sections: privacySections },
])('$title page', { timeout: 30_000 }, ({ path, title, sections }) => {
  it('renders signed out with the date, a table of contents and every section heading', async () => {
    stubApi({});
    renderApp(path, { user: null });
    await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 });
    expect(screen.getByText('November 24, 2026')).toHaveAttribute('datetime', '2026-11-24');
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    sections.forEach((section, index) => {
      expect(within(toc).getByRole('link', { name: `${index + 1}. ${section.title}` })).toHaveAttribute(
        'href',
        `#${section.id}`,
      );
      expect(
        screen.getByRole('heading', { level: 2, name: `${index + 1}. ${section.title}` }).closest('section'),
      ).toHaveAttribute('id', section.id);
    });
    expect(screen.getAllByText(/18/).length).toBeGreaterThan(0);
  });
});

describe('what the texts promise', () => {
  it('states the privacy facts the code implements', async () => {
    stubApi({});
    renderApp('/privacy', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: 10_000 });
    expect(screen.getByText(/never store your IP address/)).toBeInTheDocument();
    expect(screen.getByText(/salt that changes every day/)).toBeInTheDocument();
    expect(screen.getByText(/“Usage analytics” in Settings/)).toBeInTheDocument();
    expect(screen.getByText(/cancel your Stripe subscription/)).toBeInTheDocument();
    expect(screen.getByText(/stored encrypted/)).toBeInTheDocument();
    expect(screen.getByText(/keep only a one-way hash/)).toBeInTheDocument();
  });

  it('names the plan prices from plans.ts and the money-back guarantee in the terms', async () => {
    stubApi({});
    renderApp('/terms', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: 10_000 });
    expect(screen.getByText(/\$13\.99/)).toBeInTheDocument();
    expect(screen.getByText(/30-day money-back guarantee/)).toBeInTheDocument();
  });

  it('promises from ImageShield only what the bench measures (docs/imageshield.md)', async () => {
    stubApi({});
    renderApp('/terms', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: 10_000 });
    const text = screen.getByText(/ImageShield makes copies/).textContent!;
    expect(text).toMatch(/image fingerprints \(hashes\)/);
    expect(text).toMatch(/local details or uses AI may still match a copy/);
    expect(text).toMatch(
      /The invisible mark in your copies, not ImageShield, is what shows where a leaked copy came from/,
    );
  });
});
