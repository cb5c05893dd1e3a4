import { authTexts, serverMessages } from '@app/shared/messages';

/** What the account endpoints answer. Each error says what to do next; the spec's own texts come from shared. */
export const authMessages = {
  usernameTaken: 'That username is already taken. Choose another one.',
  accountCreated: authTexts.accountCreated,
  welcomeBack: authTexts.welcomeBack,
  invalidCredentials: serverMessages.invalidCredentials,
  emailNotVerified: serverMessages.emailNotVerified,
  mustChangePassword: 'Choose a new password before you continue.',
  forgotPasswordNeutral: authTexts.forgotPasswordNeutral,
  resendNeutral: 'If that account still needs verifying, we have sent a new link.',
  emailVerified: 'Email verified',
  passwordReset: 'Your password has been reset. You can now log in.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Request a new one.',
  currentPasswordWrong: 'Your current password is incorrect.',
  samePassword: 'Your new password must be different from your current password. Choose another one.',
  passwordChanged: 'Password changed',
  sessionEnded: 'Your session has ended. Log in again.',
} as const;

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many login attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Codes for errors the shared errorCodes list does not name. */
export const authErrorCodes = {
  invalidResetToken: 'INVALID_TOKEN',
  samePassword: 'SAME_PASSWORD',
  usernameTaken: 'USERNAME_TAKEN',
} as const;
