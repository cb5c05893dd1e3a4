import { useState } from 'react';
import type { OAuthProvider } from '@app/shared/auth';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useAuthProviders } from '../api/get-auth-providers';
import { providerMarks } from './provider-marks';

export type SignInIntent = 'login' | 'signup';

// Read back after the provider returns, so the app knows whether this was a login or a signup.
export const oauthIntentKey = 'oauthIntent';
export const oauthReturnToKey = 'oauthReturnTo';
const returnTo = '/dashboard';

/** docs/product.md#accounts-and-sign-in: sign-in buttons for the providers the server has enabled; none enabled, no section. */
interface SocialSignInProps {
  intent: SignInIntent;
  /** While the form next to it is logging in or signing up, leaving for a provider would cut that short. */
  formBusy?: boolean;
}

export function SocialSignIn({ intent, formBusy = false }: SocialSignInProps) {
  const enabled = useAuthProviders();
  const [leaving, setLeaving] = useState<OAuthProvider | null>(null);
  if (enabled.length === 0) return null;

  function continueWith(provider: OAuthProvider) {
    try {
      sessionStorage.setItem(oauthIntentKey, intent);
      sessionStorage.setItem(oauthReturnToKey, returnTo);
    } catch {
      // Without session storage the provider still signs in; the app then lands on its default page.
    }
    setLeaving(provider);
    window.location.assign(`/api/auth/${provider}`);
  }

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-zinc-500 uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        or continue with
        <span aria-hidden="true" className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <div className="mt-4 grid gap-2">
        {enabled.map((provider) => {
          const { name, mark, background, text, ring } = providerMarks[provider];
          return (
            <Button
              key={provider}
              variant="outline"
              className="w-full"
              disabled={formBusy || leaving !== null}
              onClick={() => continueWith(provider)}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-5 items-center justify-center rounded-full text-[11px] font-bold',
                  ring && 'ring-1 ring-zinc-200 dark:ring-zinc-600',
                )}
                style={{ backgroundColor: background, color: text }}
              >
                {mark}
              </span>
              {leaving === provider ? `Opening ${name}...` : `Continue with ${name}`}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
