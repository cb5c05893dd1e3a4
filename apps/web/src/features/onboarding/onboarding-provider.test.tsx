import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { shellTexts } from '@app/shared/messages';
import {
  initialOnboardingState,
  onboardingTexts,
  walkthroughStepIds,
  walkthroughSteps,
  type OnboardingState,
} from '@app/shared/onboarding';
import { renderApp } from '../../testing/render-app';
import { makeUser } from '../../testing/users';
import { callsOf, jsonResponse, stubFetch } from '../../testing/fetch-stub';
import { onboardingStorageKey, readStoredOnboarding } from './onboarding-storage';

const user = makeUser({ username: 'tourist' });

/** A server that stores the onboarding copy like the real one (merge on PUT); everything else is 404. */
function stubServer(initial: OnboardingState | 'broken' = initialOnboardingState) {
  let stored = initial;
  const fetchMock = stubFetch(({ path, method, init }) => {
    if (path === '/api/csrf-token') return jsonResponse({ csrfToken: 't' });
    if (path !== '/api/user/onboarding') return jsonResponse({ message: 'Not found' }, 404);
    if (stored === 'broken') return jsonResponse({ message: 'Server error' }, 500);
    if (method === 'PUT') {
      const body = JSON.parse(String(init.body)) as OnboardingState;
      stored = { ...body, hasSeenWalkthrough: body.hasSeenWalkthrough || stored.hasSeenWalkthrough };
    }
    return jsonResponse({ onboarding: stored });
  });
  const puts = () =>
    callsOf(fetchMock)
      .filter((call) => call.method === 'PUT')
      .map((call) => JSON.parse(String(call.init.body)) as OnboardingState);
  return { puts };
}

async function findTour() {
  return screen.findByRole('dialog');
}

function button(tour: HTMLElement, name: string) {
  return within(tour).getByRole('button', { name });
}

describe('onboarding walkthrough', () => {
  it('walks a new user through all seven steps with next, back and start over, then finishes', async () => {
    const { puts } = stubServer();
    renderApp('/settings', { user });
    const tour = await findTour();
    expect(tour).toHaveAccessibleName(walkthroughSteps[0].title);
    expect(within(tour).getByText(onboardingTexts.stepOf(1, 7))).toBeInTheDocument();
    expect(button(tour, onboardingTexts.previous)).toBeDisabled();
    await waitFor(() => expect(button(tour, onboardingTexts.next)).toHaveFocus());

    await userEvent.click(button(tour, onboardingTexts.next));
    expect(tour).toHaveAccessibleName(walkthroughSteps[1].title);
    expect(within(tour).getByText(onboardingTexts.stepOf(2, 7))).toBeInTheDocument();
    // On /settings, a step whose dashboard card is not on the page says where it lives.
    expect(within(tour).getByText(onboardingTexts.notOnThisPage)).toBeInTheDocument();
    await userEvent.click(button(tour, onboardingTexts.previous));
    expect(tour).toHaveAccessibleName(walkthroughSteps[0].title);

    // The arrow keys page through too.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(tour).getByText(onboardingTexts.stepOf(3, 7))).toBeInTheDocument();
    await userEvent.click(button(tour, onboardingTexts.restart));
    expect(within(tour).getByText(onboardingTexts.stepOf(1, 7))).toBeInTheDocument();

    for (let step = 1; step < 7; step += 1) await userEvent.click(button(tour, onboardingTexts.next));
    expect(tour).toHaveAccessibleName(walkthroughSteps[6].title);
    expect(within(tour).queryByRole('button', { name: onboardingTexts.next })).not.toBeInTheDocument();
    await userEvent.click(button(tour, onboardingTexts.finish));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const saved = readStoredOnboarding(user.id);
    expect(saved).toMatchObject({
      hasSeenWalkthrough: true,
      completedSteps: walkthroughStepIds,
      currentTutorial: null,
    });
    expect(Date.parse(saved!.lastCompletedAt!)).toBeGreaterThan(Date.now() - 60_000);
    await waitFor(() => expect(puts().at(-1)).toEqual(saved));
  });

  it('skips with Esc, remembers it here and on the server', async () => {
    const { puts } = stubServer();
    renderApp('/settings', { user });
    await findTour();
    await waitFor(() => expect(button(screen.getByRole('dialog'), onboardingTexts.next)).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(readStoredOnboarding(user.id)).toMatchObject({ hasSeenWalkthrough: true, lastCompletedAt: null });
    await waitFor(() =>
      expect(puts().at(-1)).toMatchObject({ hasSeenWalkthrough: true, currentTutorial: null }),
    );
  });

  it('skips with the Skip tour button', async () => {
    const { puts } = stubServer();
    renderApp('/settings', { user });
    await userEvent.click(button(await findTour(), onboardingTexts.skip));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(puts().at(-1)).toMatchObject({ hasSeenWalkthrough: true }));
  });

  it('resumes on the step this browser was on', async () => {
    stubServer();
    localStorage.setItem(
      onboardingStorageKey(user.id),
      JSON.stringify({
        ...initialOnboardingState,
        completedSteps: ['welcome'],
        currentTutorial: 'image-shield',
      }),
    );
    renderApp('/settings', { user });
    const tour = await findTour();
    expect(tour).toHaveAccessibleName(walkthroughSteps[3].title);
    expect(within(tour).getByText(onboardingTexts.stepOf(4, 7))).toBeInTheDocument();
  });

  it('stays closed when this browser has seen it, and tells a server that had not', async () => {
    const { puts } = stubServer();
    localStorage.setItem(
      onboardingStorageKey(user.id),
      JSON.stringify({ ...initialOnboardingState, hasSeenWalkthrough: true, completedSteps: ['welcome'] }),
    );
    renderApp('/settings', { user });
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ hasSeenWalkthrough: true, completedSteps: ['welcome'] });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays closed when the server copy says seen, and keeps that copy in this browser', async () => {
    stubServer({
      ...initialOnboardingState,
      hasSeenWalkthrough: true,
      completedSteps: ['welcome', 'analytics'],
    });
    renderApp('/settings', { user });
    await waitFor(() =>
      expect(readStoredOnboarding(user.id)).toMatchObject({
        hasSeenWalkthrough: true,
        completedSteps: ['welcome', 'analytics'],
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not looked up or shown away from /dashboard and /settings', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ onboarding: initialOnboardingState }));
    renderApp('/terms', { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await screen.findByRole('menu');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call.path === '/api/user/onboarding')).toEqual([]);
  });

  it('does not show, and offers no replay, when the progress cannot be loaded', async () => {
    stubServer('broken');
    renderApp('/settings', { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: shellTexts.replayTutorial })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('replays from the account menu on /dashboard, starting at step 1', async () => {
    stubServer({
      hasSeenWalkthrough: true,
      completedSteps: [...walkthroughStepIds],
      currentTutorial: null,
      lastCompletedAt: '2026-01-01T00:00:00.000Z',
    });
    renderApp('/dashboard', { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: shellTexts.replayTutorial }));
    const tour = await findTour();
    expect(tour).toHaveAccessibleName(walkthroughSteps[0].title);
    await userEvent.click(button(tour, onboardingTexts.skip));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
