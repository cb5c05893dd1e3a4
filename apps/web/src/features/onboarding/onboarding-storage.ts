import { onboardingStateSchema, type OnboardingState } from '@app/shared/onboarding';

/** docs/product.md#onboarding-walkthrough: progress is kept per user id, so two people sharing a browser each get their own tour. */
export function onboardingStorageKey(userId: string): string {
  return `creator-studio-onboarding:${userId}`;
}

/** Null when nothing usable is stored (never saved, storage blocked, or an entry from an older version). */
export function readStoredOnboarding(userId: string): OnboardingState | null {
  try {
    const raw = localStorage.getItem(onboardingStorageKey(userId));
    if (raw === null) return null;
    const parsed = onboardingStateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeOnboarding(userId: string, state: OnboardingState): void {
  try {
    localStorage.setItem(onboardingStorageKey(userId), JSON.stringify(state));
  } catch {
    // Private mode or a full quota: the server copy still keeps the progress.
  }
}
