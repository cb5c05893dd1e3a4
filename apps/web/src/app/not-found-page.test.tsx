import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { shellTexts } from '@app/shared/messages';
import { currentUrl, renderApp } from '../testing/render-app';
import { freeUser } from '../testing/users';

describe('not-found page', () => {
  it('explains the problem and links home, which leads a signed-in user to the dashboard', async () => {
    const { router } = renderApp('/nowhere', { user: freeUser });
    expect(
      await screen.findByRole('heading', { level: 1, name: shellTexts.notFoundTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(/does not exist or has moved/i)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: shellTexts.goHome }));
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
  });
});
