import {
  signInErrorMessages,
  signInFallbackMessage,
  verificationErrorMessages,
  verificationFallbackMessage,
} from '@app/shared/messages';

/** docs/product.md#accounts-and-sign-in: the text for a verification error code; unknown codes get the general fallback. */
export function verificationErrorMessage(code: string | null | undefined): string {
  return (
    (code && Object.hasOwn(verificationErrorMessages, code) && verificationErrorMessages[code]) ||
    verificationFallbackMessage
  );
}

export function isVerificationErrorCode(code: string): boolean {
  return Object.hasOwn(verificationErrorMessages, code);
}

/** docs/product.md#accounts-and-sign-in: the text for a social sign-in error code on the landing's ?error=. */
export function signInErrorMessage(code: string): string {
  return (Object.hasOwn(signInErrorMessages, code) && signInErrorMessages[code]) || signInFallbackMessage;
}
