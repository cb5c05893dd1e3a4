import { createContext, useContext } from 'react';

/**
 * Restarts the onboarding walkthrough. Null until the onboarding feature provides a handler;
 * the account menu shows 'Replay Tutorial' only when one exists (docs/product.md#onboarding-walkthrough).
 */
export const ReplayTutorialContext = createContext<(() => void) | null>(null);

export function useReplayTutorial(): (() => void) | null {
  return useContext(ReplayTutorialContext);
}
