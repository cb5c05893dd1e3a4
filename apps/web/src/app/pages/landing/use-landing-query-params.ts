import { useContext, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { accountFlowTexts, authTexts } from '@app/shared/messages';
import { toast } from '../../../components/ui/toast';
import { SessionRefreshContext } from '../../../lib/session-context';
import {
  isVerificationErrorCode,
  signInErrorMessage,
  verificationErrorMessage,
} from '../../../features/auth/auth-error-messages';
import { loginPrefillState } from '../../../features/auth/login-prefill';
import { savePendingReferralCode } from '../../../features/auth/pending-referral-code';

// docs/product.md#plans-and-limits: how long the landing's toasts stay.
export const verifiedToastMs = 5000;
export const signInErrorToastMs = 6000;

const handledParams = ['ref', 'verified', 'email', 'error', 'reddit', 'logoutError'];

function showToasts(params: URLSearchParams, pathname: string): void {
  if (params.get('verified') === 'true') {
    toast.success(authTexts.emailVerifiedToast, {
      id: 'landing-verified',
      description: accountFlowTexts.verifiedToastText,
      duration: verifiedToastMs,
    });
  }
  const error = params.get('error');
  if (error) {
    const verification = isVerificationErrorCode(error);
    toast.error(verification ? accountFlowTexts.verificationErrorTitle : accountFlowTexts.signInErrorTitle, {
      id: 'landing-error',
      description: verification ? verificationErrorMessage(error) : signInErrorMessage(error),
      duration: signInErrorToastMs,
    });
  }
  if (params.get('reddit') === 'connected') {
    toast.success(accountFlowTexts.redditConnectedTitle, {
      id: 'landing-reddit',
      description: accountFlowTexts.redditConnectedText,
    });
  }
  if (params.get('logoutError') === '1' && pathname === '/login') {
    toast.warning(accountFlowTexts.logoutErrorTitle, {
      id: 'landing-logout',
      description: accountFlowTexts.logoutErrorText,
    });
  }
}

/**
 * docs/product.md#pages-and-navigation and docs/product.md#access-and-roles: the landing's query parameters (?ref, ?verified&email, ?error, ?reddit=connected,
 * ?logoutError) act once on load, then leave the address bar, replacing the history entry.
 */
export function useLandingQueryParams(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const refreshSession = useContext(SessionRefreshContext);
  // Strict Mode runs effects twice; each history entry is handled once.
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!handledParams.some((name) => params.has(name)) || handledKey.current === location.key) return;
    handledKey.current = location.key;

    const referralCode = params.get('ref');
    if (referralCode) savePendingReferralCode(referralCode);
    if (params.get('reddit') === 'connected') refreshSession?.();
    showToasts(params, location.pathname);

    const verified = params.get('verified') === 'true';
    const email = params.get('email')?.trim();
    for (const name of handledParams) params.delete(name);
    const search = params.size > 0 ? `?${params}` : '';
    // A verified e-mail goes straight to the login dialog, filled in with that address.
    const pathname = verified ? '/login' : location.pathname;
    const state = verified && email ? loginPrefillState(email) : location.state;
    void navigate({ pathname, search, hash: location.hash }, { replace: true, state });
  }, [location, navigate, refreshSession]);
}
