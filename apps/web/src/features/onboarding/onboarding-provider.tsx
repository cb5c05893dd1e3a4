import type { ReactNode } from 'react';
import type { User } from '@app/shared/user';
import { ReplayTutorialContext, useReplayTutorial } from '../../lib/replay-tutorial-context';
import { WalkthroughDialog } from './components/walkthrough-dialog';
import { useWalkthrough } from './use-walkthrough';

function SignedInOnboarding({ userId, children }: { userId: string; children: ReactNode }) {
  const walkthrough = useWalkthrough(userId);
  // Until the server's copy is known, an outer handler (a test's, say) stays in charge of the menu item.
  const outerReplay = useReplayTutorial();
  return (
    <ReplayTutorialContext value={walkthrough.replay ?? outerReplay}>
      {children}
      {walkthrough.open && <WalkthroughDialog walkthrough={walkthrough} />}
    </ReplayTutorialContext>
  );
}

/** docs/product.md#onboarding-walkthrough: the walkthrough, for a signed-in user who has not seen it yet, and 'Replay Tutorial' for the account menu. */
export function OnboardingProvider({ user, children }: { user: User | null; children: ReactNode }) {
  if (!user) return children;
  // Keyed by user: another account signing in on this tab starts from its own progress.
  return (
    <SignedInOnboarding key={user.id} userId={user.id}>
      {children}
    </SignedInOnboarding>
  );
}
