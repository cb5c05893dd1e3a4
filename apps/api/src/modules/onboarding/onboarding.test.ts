import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '@app/shared/errors';
import { initialOnboardingState, onboardingResponseSchema, walkthroughStepIds } from '@app/shared/onboarding';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { users } from '../../db/schema/index.js';

describe.each(testDatabaseKinds())('onboarding progress (/api/user/onboarding) on %s', (kind) => {
  const { app, db, signedIn } = useTestApp(kind);

  async function read(client: TestClient) {
    const response = await client.inject({ method: 'GET', url: '/api/user/onboarding' });
    expect(response.statusCode, response.body).toBe(200);
    return onboardingResponseSchema.parse(response.json()).onboarding;
  }

  async function save(client: TestClient, payload: Record<string, unknown>) {
    const response = await client.inject({ method: 'PUT', url: '/api/user/onboarding', payload });
    expect(response.statusCode, response.body).toBe(200);
    return onboardingResponseSchema.parse(response.json()).onboarding;
  }

  async function storedFor(userId: string) {
    const [row] = await db().select({ onboarding: users.onboarding }).from(users).where(eq(users.id, userId));
    return row!.onboarding;
  }

  it('starts unseen with no steps for a new user', async () => {
    const { client } = await signedIn();
    expect(await read(client)).toEqual(initialOnboardingState);
  });

  it('stores the progress in the user row and answers it on the next read', async () => {
    const { user, client } = await signedIn();
    const progress = {
      hasSeenWalkthrough: false,
      completedSteps: ['welcome', 'generation-counter'],
      currentTutorial: 'content-creator',
      lastCompletedAt: null,
    };
    expect(await save(client, progress)).toEqual(progress);
    expect(await read(client)).toEqual(progress);
    expect(await storedFor(user.id)).toEqual(progress);
  });

  it('merges with what is stored: seen anywhere wins, steps are the union, the later completion wins', async () => {
    const { client } = await signedIn();
    await save(client, {
      hasSeenWalkthrough: true,
      completedSteps: ['welcome', 'analytics'],
      currentTutorial: null,
      lastCompletedAt: '2026-03-02T10:00:00.000Z',
    });
    // Another browser that never saw the tour, with other steps and an older completion.
    const merged = await save(client, {
      hasSeenWalkthrough: false,
      completedSteps: ['pro-perks', 'generation-counter', 'welcome'],
      currentTutorial: 'image-shield',
      lastCompletedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(merged).toEqual({
      hasSeenWalkthrough: true,
      completedSteps: ['welcome', 'generation-counter', 'analytics', 'pro-perks'],
      currentTutorial: 'image-shield',
      lastCompletedAt: '2026-03-02T10:00:00.000Z',
    });
    const later = await save(client, { ...merged, lastCompletedAt: '2026-03-05T08:30:00.000Z' });
    expect(later.lastCompletedAt).toBe('2026-03-05T08:30:00.000Z');
    expect(await read(client)).toEqual(later);
  });

  it('fills in the missing fields of a row that holds only the column default, and ignores unknown stored steps', async () => {
    const { user, client } = await signedIn();
    await db()
      .update(users)
      .set({ onboarding: { hasSeenWalkthrough: true, completedSteps: ['welcome', 'old-step'] } })
      .where(eq(users.id, user.id));
    expect(await read(client)).toEqual({
      hasSeenWalkthrough: true,
      completedSteps: ['welcome'],
      currentTutorial: null,
      lastCompletedAt: null,
    });
  });

  it("keeps users apart: one user's progress is neither shown to nor changed by another", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await save(alice.client, { hasSeenWalkthrough: true, completedSteps: [...walkthroughStepIds] });
    expect(await read(bob.client)).toEqual(initialOnboardingState);
    await save(bob.client, { hasSeenWalkthrough: false, completedSteps: ['welcome'] });
    expect((await read(alice.client)).completedSteps).toEqual(walkthroughStepIds);
    expect(await storedFor(bob.user.id)).toMatchObject({
      hasSeenWalkthrough: false,
      completedSteps: ['welcome'],
    });
  });

  it.each([
    [{ completedSteps: [] }, 'hasSeenWalkthrough'],
    [{ hasSeenWalkthrough: 'yes', completedSteps: [] }, 'hasSeenWalkthrough'],
    [{ hasSeenWalkthrough: true, completedSteps: ['time-travel'] }, 'completedSteps.0'],
    [{ hasSeenWalkthrough: true, completedSteps: 'welcome' }, 'completedSteps'],
    [{ hasSeenWalkthrough: true, completedSteps: [], currentTutorial: 'nowhere' }, 'currentTutorial'],
    [{ hasSeenWalkthrough: true, completedSteps: [], lastCompletedAt: 'yesterday' }, 'lastCompletedAt'],
    [{ hasSeenWalkthrough: true, completedSteps: [], admin: true }, 'admin'],
  ])('answers 400 naming the field for %j and stores nothing', async (payload, field) => {
    const { user, client } = await signedIn();
    const response = await client.inject({ method: 'PUT', url: '/api/user/onboarding', payload });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; code: string; field: string }>();
    expect(body).toMatchObject({ code: errorCodes.validation, field });
    expect(body.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: \\S`));
    expect(await storedFor(user.id)).toEqual({ hasSeenWalkthrough: false, completedSteps: [] });
  });

  it('answers 400 for a body that is not an object', async () => {
    const { client } = await signedIn();
    const response = await client.inject({
      method: 'PUT',
      url: '/api/user/onboarding',
      headers: { 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: errorCodes.validation, message: expect.any(String) });
  });

  it('needs a session, and a CSRF token to save', async () => {
    for (const request of [
      { method: 'GET', url: '/api/user/onboarding' },
      {
        method: 'PUT',
        url: '/api/user/onboarding',
        payload: { hasSeenWalkthrough: true, completedSteps: [] },
      },
    ] as const) {
      const response = await new TestClient(app()).inject(request);
      expect(response.statusCode, request.method).toBeGreaterThanOrEqual(401);
      expect(response.statusCode, request.method).toBeLessThanOrEqual(403);
    }
    const { user, client } = await signedIn();
    const response = await client.inject(
      {
        method: 'PUT',
        url: '/api/user/onboarding',
        payload: { hasSeenWalkthrough: true, completedSteps: [] },
      },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect((await storedFor(user.id)).hasSeenWalkthrough).toBe(false);
  });
});
