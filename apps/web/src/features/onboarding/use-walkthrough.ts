import { useEffect, useMemo, useRef, useState } from 'react';
import {
  initialOnboardingState,
  mergeOnboardingStates,
  sameOnboardingState,
  walkthroughStepIds,
  walkthroughSteps,
  type OnboardingState,
  type WalkthroughStep,
  type WalkthroughStepId,
} from '@app/shared/onboarding';
import { useLocation } from 'react-router';
import { replayTutorialPaths } from '../../lib/nav-links';
import { useServerOnboarding } from './api/get-onboarding';
import { useSaveOnboarding } from './api/save-onboarding';
import { readStoredOnboarding, storeOnboarding } from './onboarding-storage';

export interface Walkthrough {
  open: boolean;
  step: WalkthroughStep;
  /** 0-based position of `step` among the seven. */
  stepIndex: number;
  next: () => void;
  previous: () => void;
  restart: () => void;
  skip: () => void;
  finish: () => void;
  /** Null until the server's copy is known: without it we cannot tell whether the tour is due. */
  replay: (() => void) | null;
}

const lastIndex = walkthroughStepIds.length - 1;

function withCompleted(state: OnboardingState, index: number): WalkthroughStepId[] {
  const done = new Set<string>([...state.completedSteps, walkthroughStepIds[index]!]);
  return walkthroughStepIds.filter((id) => done.has(id));
}

/**
 * The walkthrough's progress for one signed-in user: this browser's copy (local storage) merged with
 * the server's, every change written to both. Shown when not yet seen, or while replaying.
 *
 * It runs where 'Replay Tutorial' is offered (/dashboard, where every user lands after signing in, and
 * /settings): its steps point at the dashboard's cards. Elsewhere it is not looked up at all, and an
 * open tour waits, on its step, until the user is back.
 */
export function useWalkthrough(userId: string): Walkthrough {
  const onTourPage = replayTutorialPaths.has(useLocation().pathname);
  const server = useServerOnboarding(userId, { enabled: onTourPage });
  const { mutate: saveToServer } = useSaveOnboarding(userId);
  const [local, setLocal] = useState<OnboardingState | null>(() => readStoredOnboarding(userId));
  const [replaying, setReplaying] = useState(false);
  const ready = server.isSuccess;

  const state = useMemo(() => {
    if (!server.data) return local ?? initialOnboardingState;
    // Local is "newer": its current step is where this browser left off.
    return local ? mergeOnboardingStates(server.data, local) : server.data;
  }, [server.data, local]);

  // Once per page load: keep the merged copy here, and tell the server what only this browser knew.
  const reconciled = useRef(false);
  useEffect(() => {
    if (!server.data || reconciled.current) return;
    reconciled.current = true;
    storeOnboarding(userId, state);
    if (!sameOnboardingState(state, server.data)) saveToServer(state);
  }, [server.data, state, userId, saveToServer]);

  const found = state.currentTutorial ? walkthroughStepIds.indexOf(state.currentTutorial) : 0;
  const stepIndex = Math.max(0, found);

  function commit(next: Partial<OnboardingState>) {
    const merged = { ...state, ...next };
    setLocal(merged);
    storeOnboarding(userId, merged);
    saveToServer(merged);
  }

  return {
    open: ready && onTourPage && (replaying || !state.hasSeenWalkthrough),
    step: walkthroughSteps[stepIndex]!,
    stepIndex,
    next: () => {
      if (stepIndex >= lastIndex) return;
      commit({
        completedSteps: withCompleted(state, stepIndex),
        currentTutorial: walkthroughStepIds[stepIndex + 1]!,
      });
    },
    previous: () => {
      if (stepIndex > 0) commit({ currentTutorial: walkthroughStepIds[stepIndex - 1]! });
    },
    restart: () => commit({ currentTutorial: walkthroughStepIds[0] }),
    skip: () => {
      setReplaying(false);
      commit({ hasSeenWalkthrough: true, currentTutorial: null });
    },
    finish: () => {
      setReplaying(false);
      commit({
        hasSeenWalkthrough: true,
        completedSteps: withCompleted(state, stepIndex),
        currentTutorial: null,
        lastCompletedAt: new Date().toISOString(),
      });
    },
    replay:
      ready && onTourPage
        ? () => {
            setReplaying(true);
            commit({ currentTutorial: walkthroughStepIds[0] });
          }
        : null,
  };
}
