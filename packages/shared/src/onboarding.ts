import { z } from 'zod';

/**
 * docs/product.md#onboarding-walkthrough: seven steps, progress kept per user in
 * local storage and mirrored to the server (users.onboarding) so it follows the user to another browser.
 * `target` names the page element (data-tour="…") a step points at, when the page has one.
 */
export const walkthroughSteps = [
  {
    id: 'welcome',
    target: null,
    title: 'Welcome to Creator Studio',
    body: 'A quick tour of the tools that help you write, protect and post your content. It takes about a minute, and you can skip it any time.',
  },
  {
    id: 'generation-counter',
    target: 'generation-counter',
    title: 'Your generation counter',
    body: 'This shows how many caption generations you have left today. Free accounts get a daily allowance; paid plans raise it.',
  },
  {
    id: 'content-creator',
    target: 'content-creator',
    title: 'Create content',
    body: 'Describe your post, pick platforms and a style, and the content creator writes titles and captions for you to edit.',
  },
  {
    id: 'image-shield',
    target: 'image-shield',
    title: 'Protect your images',
    // Protection is a slight rotation, stretch and tint with mirrored edges, visible side by side (docs/decisions/010): say so.
    body: 'ImageShield slightly rotates, stretches and tints each copy of a photo, mirroring its edges, then checks it against the fingerprints repost detectors use and shows which no longer match. Search comparing local details or using AI may still find it.',
  },
  {
    id: 'reddit-communities',
    target: 'reddit-communities',
    title: 'Find the right communities',
    body: 'Browse subreddits with their rules, posting limits and best times, so each post lands where it is welcome.',
  },
  {
    id: 'analytics',
    target: 'analytics',
    title: 'See what works',
    body: 'Analytics show which posts and platforms bring engagement, so you can do more of what works.',
  },
  {
    id: 'pro-perks',
    target: 'pro-perks',
    title: 'Pro perks',
    body: 'Pro unlocks more generations, scheduling, referrals and partner perks. You can upgrade from Settings whenever you are ready.',
  },
] as const;

export type WalkthroughStep = (typeof walkthroughSteps)[number];
export type WalkthroughStepId = WalkthroughStep['id'];
export const walkthroughStepIds = walkthroughSteps.map((step) => step.id) as [
  WalkthroughStepId,
  ...WalkthroughStepId[],
];

const stepIdSchema = z.enum(walkthroughStepIds, {
  message: `must be one of the walkthrough steps: ${walkthroughStepIds.join(', ')}`,
});

/** docs/product.md#onboarding-walkthrough's four fields; currentTutorial is the step the open walkthrough is on (null when closed). */
export const onboardingStateSchema = z.strictObject({
  hasSeenWalkthrough: z.boolean({ message: 'must be true or false' }),
  completedSteps: z
    .array(stepIdSchema, { message: 'must be a list of step names' })
    .max(walkthroughStepIds.length, { message: `must list at most ${walkthroughStepIds.length} steps` }),
  currentTutorial: stepIdSchema.nullable().default(null),
  lastCompletedAt: z.iso
    .datetime({ offset: true, message: 'must be a date and time like 2026-01-31T12:00:00.000Z, or null' })
    .nullable()
    .default(null),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

export const onboardingResponseSchema = z.object({ onboarding: onboardingStateSchema });
export type OnboardingResponse = z.infer<typeof onboardingResponseSchema>;

export const initialOnboardingState: OnboardingState = {
  hasSeenWalkthrough: false,
  completedSteps: [],
  currentTutorial: null,
  lastCompletedAt: null,
};

/** Keeps only known steps, once each, in walkthrough order. */
function orderedSteps(steps: Iterable<string>): WalkthroughStepId[] {
  const wanted = new Set(steps);
  return walkthroughStepIds.filter((id) => wanted.has(id));
}

function later(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/**
 * When two copies disagree (this browser and the server): seen anywhere wins, completed steps are
 * the union, the later lastCompletedAt wins. `newer` is the copy written last; its position wins.
 */
export function mergeOnboardingStates(older: OnboardingState, newer: OnboardingState): OnboardingState {
  return {
    hasSeenWalkthrough: older.hasSeenWalkthrough || newer.hasSeenWalkthrough,
    completedSteps: orderedSteps([...older.completedSteps, ...newer.completedSteps]),
    currentTutorial: newer.currentTutorial,
    lastCompletedAt: later(older.lastCompletedAt, newer.lastCompletedAt),
  };
}

export function sameOnboardingState(a: OnboardingState, b: OnboardingState): boolean {
  return (
    a.hasSeenWalkthrough === b.hasSeenWalkthrough &&
    a.currentTutorial === b.currentTutorial &&
    a.lastCompletedAt === b.lastCompletedAt &&
    a.completedSteps.join() === b.completedSteps.join()
  );
}

export const onboardingTexts = {
  dialogLabel: 'Walkthrough',
  progressLabel: 'Walkthrough progress',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  next: 'Next',
  previous: 'Back',
  finish: 'Finish',
  skip: 'Skip tour',
  restart: 'Start over',
  /** Shown when the step's part of the page is not on the current screen. */
  notOnThisPage: 'You will find this on your dashboard.',
} as const;
