import {
  initialOnboardingState,
  mergeOnboardingStates,
  onboardingStateSchema,
  walkthroughStepIds,
  type OnboardingState,
} from '@app/shared/onboarding';
import type { Database } from '../../db/client.js';
import type { OnboardingState as StoredOnboarding } from '../../db/schema/users.js';
import { findOnboarding, saveOnboarding } from './onboarding.repo.js';

/** Rows written before the walkthrough existed hold only the column default; fill in the rest. */
function readStored(stored: StoredOnboarding | undefined): OnboardingState {
  const known = new Set<string>(walkthroughStepIds);
  const parsed = onboardingStateSchema.safeParse({
    ...initialOnboardingState,
    ...stored,
    completedSteps: (stored?.completedSteps ?? []).filter((step) => known.has(step)),
  });
  return parsed.success
    ? parsed.data
    : { ...initialOnboardingState, hasSeenWalkthrough: stored?.hasSeenWalkthrough === true };
}

export async function getOnboarding(db: Database, userId: string): Promise<OnboardingState> {
  return readStored(await findOnboarding(db, userId));
}

/**
 * Merges what a browser sends into what is stored (seen anywhere wins, steps are the union, the later
 * completion wins), under a row lock so two browsers saving at once cannot drop each other's steps.
 */
export async function recordOnboarding(
  db: Database,
  userId: string,
  incoming: OnboardingState,
): Promise<OnboardingState> {
  return db.transaction(async (tx) => {
    const stored = readStored(await findOnboarding(tx, userId, { lock: true }));
    const merged = mergeOnboardingStates(stored, incoming);
    await saveOnboarding(tx, userId, merged);
    return merged;
  });
}
