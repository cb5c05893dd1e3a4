import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useLocation } from 'react-router';
import { onboardingTexts, walkthroughSteps } from '@app/shared/onboarding';
import { Button } from '../../../components/ui/button';
import { DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Progress } from '../../../components/ui/progress';
import type { Walkthrough } from '../use-walkthrough';
import { TourSpotlight } from './tour-spotlight';
import { useTourTarget } from './use-tour-target';

const total = walkthroughSteps.length;

/**
 * The tour as a non-modal Radix dialog: focus moves into it and Esc skips it, but the page behind
 * stays readable and clickable, because each step points at something on that page.
 */
export function WalkthroughDialog({ walkthrough }: { walkthrough: Walkthrough }) {
  const { step, stepIndex, next, previous, restart, skip, finish } = walkthrough;
  const { pathname } = useLocation();
  const box = useTourTarget(step.target);
  const primary = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const isLast = stepIndex === total - 1;

  // Back and Start over disappear or disable on the first step; keep focus in the tour when they do.
  useEffect(() => {
    const active = document.activeElement;
    if (!content.current?.contains(active) || (active instanceof HTMLButtonElement && active.disabled)) {
      primary.current?.focus();
    }
  }, [stepIndex]);

  // Opened from the account menu, the closing menu hands focus back to its own button a moment
  // later. A focus move that no key or pointer caused, right after opening, is taken back.
  useEffect(() => {
    let userActed = false;
    const acted = () => {
      userActed = true;
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!userActed && !content.current?.contains(event.target as Node)) primary.current?.focus();
    };
    document.addEventListener('pointerdown', acted, true);
    document.addEventListener('keydown', acted, true);
    document.addEventListener('focusin', onFocusIn);
    const stop = () => {
      document.removeEventListener('pointerdown', acted, true);
      document.removeEventListener('keydown', acted, true);
      document.removeEventListener('focusin', onFocusIn);
    };
    const timer = setTimeout(stop, 1000);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowRight' && !isLast) next();
    else if (event.key === 'ArrowLeft') previous();
    else return;
    event.preventDefault();
  }

  const offPage = step.target !== null && box === null && pathname !== '/dashboard';

  return (
    <RadixDialog.Root open modal={false} onOpenChange={(open) => !open && skip()}>
      <RadixDialog.Portal>
        <TourSpotlight box={box} />
        <RadixDialog.Content
          ref={content}
          data-walkthrough=""
          aria-roledescription={onboardingTexts.dialogLabel}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            primary.current?.focus();
          }}
          // Clicking the page behind is allowed and must not end the tour; only Esc or Skip does.
          onInteractOutside={(event) => event.preventDefault()}
          onKeyDown={onKeyDown}
          className="fixed inset-x-3 bottom-3 z-50 mx-auto max-h-[calc(100dvh-1.5rem)] max-w-md overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-5 shadow-2xl data-[state=open]:animate-fade-in sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-[26rem] dark:border-zinc-800 dark:bg-zinc-900"
        >
          <p className="text-xs font-semibold tracking-wide text-rose-600 uppercase dark:text-rose-400">
            {onboardingTexts.stepOf(stepIndex + 1, total)}
          </p>
          <Progress
            value={((stepIndex + 1) / total) * 100}
            label={onboardingTexts.progressLabel}
            valueText={onboardingTexts.stepOf(stepIndex + 1, total)}
            className="mt-2"
          />
          <DialogTitle className="mt-4 text-lg">{step.title}</DialogTitle>
          <DialogDescription className="mt-2 text-sm leading-relaxed">{step.body}</DialogDescription>
          {offPage && (
            <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">{onboardingTexts.notOnThisPage}</p>
          )}
          <div className="mt-5 flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-1">
              <Button variant="ghost" size="sm" onClick={skip}>
                {onboardingTexts.skip}
              </Button>
              {stepIndex > 0 && (
                <Button variant="ghost" size="sm" onClick={restart}>
                  {onboardingTexts.restart}
                </Button>
              )}
            </div>
            <div className="ml-auto flex items-center gap-2">
              <Button variant="outline" size="sm" onClick={previous} disabled={stepIndex === 0}>
                {onboardingTexts.previous}
              </Button>
              <Button ref={primary} size="sm" onClick={isLast ? finish : next}>
                {isLast ? onboardingTexts.finish : onboardingTexts.next}
              </Button>
            </div>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
