/**
 * Every user-visible text that the product spec fixes, in one place.
 * Client and server import these so a test can assert them literally.
 */

import { countOf } from './plural';

/** docs/product.md#errors-and-messages: fallback messages by HTTP status, and the specific server messages they replace. */
export const httpMessages = {
  unauthorized: 'Authentication required. Please log in to access this feature.',
  accessTokenRequired: 'Please log in to continue. Creating an account takes just 30 seconds!',
  invalidCredentials: 'Invalid login credentials. Please check your username/email and password.',
  emailNotVerified: 'Please verify your email before logging in. Check your inbox for the verification link.',
  forbidden: "Access denied. Please ensure you're logged in with the correct account.",
  insufficientPermissions:
    "You don't have permission to do this. If you think this is a mistake, contact support.",
  notFound: 'The requested resource was not found. Please check the URL or try again.',
  serverError: 'Server error occurred. Please try again in a few moments.',
  requestFailedPrefix: 'Request failed: ',
  network: 'Please check your internet connection and try again.',
} as const;

/** The server messages the client recognises and replaces with a friendlier text (docs/product.md#errors-and-messages). */
export const serverMessages = {
  accessTokenRequired: 'Access token required',
  invalidCredentials: 'Invalid credentials',
  emailNotVerified: 'Email not verified',
  insufficientPermissions: 'Insufficient permissions',
} as const;

/** docs/product.md#accounts-and-sign-in. */
export const validationMessages = {
  loginIdentifierRequired: 'Username or email is required',
  loginIdentifierInvalid: 'Please enter a valid username or email address',
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be less than 50 characters',
  usernameCharacters: 'Username can only contain letters, numbers, underscores and hyphens',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordNumber: 'Password must contain at least one number',
  validationErrorTitle: 'Validation Error',
} as const;

/** Texts of the app shell (spec sections 2 and 8). */
export const shellTexts = {
  loading: 'Loading...',
  errorPageTitle: 'Oops! Something went wrong',
  refreshPage: 'Refresh Page',
  goHome: 'Go Home',
  rootLoadingError: 'Loading Error',
  refresh: 'Refresh',
  notFoundTitle: 'Page not found',
  adminPortal: 'Admin Portal',
  upgradeToPro: 'Upgrade to Pro',
  replayTutorial: 'Replay Tutorial',
  signOut: 'Sign Out',
} as const;

/** Spec sections 4 and 8: the texts of the account flows. */
export const authTexts = {
  emailVerifiedToast: 'Email Verified',
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account created! Please check your email to verify your account before logging in.',
  resetEmailSent: 'Reset Email Sent',
  verificationEmailSent: 'Verification email sent',
  emailNotVerifiedTitle: 'Email not verified',
  resendVerification: 'Resend verification',
  /** Forgot-password success: neutral whether or not the account exists. */
  forgotPasswordNeutral:
    'If an account exists for that email, we have sent instructions to reset your password.',
  resetFailed: 'Could not reset password. The link may be expired.',
  forgotFailed: 'Failed to send reset email',
  somethingWentWrong: 'Something went wrong. Please try again.',
  passwordsDontMatch: "Passwords don't match",
  passwordTooShortTitle: 'Password too short',
  passwordTooShortText: 'Password must be at least 8 characters long.',
  passwordMismatchTitle: 'Password Mismatch',
  passwordMismatchText: 'New passwords do not match',
  newPasswordTooShortTitle: 'Password Too Short',
  newPasswordTooShortText: 'New password must be at least 8 characters long',
  invalidRequest: 'Invalid Request',
  checkYourEmail: 'Check Your Email',
  noVerificationToken: 'No verification token provided',
  verificationNetworkError: 'Network error. Please try again.',
  referralRecorded: 'Referral recorded',
  referralLinked: 'Your new account is linked to the referral code.',
  referralSavedForReview: 'We saved your referral details for review.',
  referralNotRecorded: 'Referral not recorded',
} as const;

/** docs/product.md#errors-and-messages: verification error codes (URL and page) and their texts. */
export const verificationErrorMessages: Record<string, string> = {
  missing_token: 'Verification link is invalid. Please request a new one.',
  invalid_token: 'Verification link has expired. Please request a new one.',
  expired_token: 'Verification link has expired. Please request a new one.',
  invalid_token_type: 'Invalid verification link. Please request a new one.',
  user_not_found: 'Account not found. Please sign up first.',
  verification_failed: 'Verification failed. Please try again or contact support.',
};
export const verificationFallbackMessage = 'Verification failed. Please try again.';

/** docs/product.md#errors-and-messages: sign-in error codes on the landing page's ?error=. */
export const signInErrorMessages: Record<string, string> = {
  reddit_failed: 'Reddit sign-in failed. Please try again or use another sign-in method.',
  google_failed: 'Google sign-in failed. Please try again or use another sign-in method.',
  facebook_failed: 'Facebook sign-in failed. Please try again or use another sign-in method.',
  reddit_auth_failed: 'Reddit authentication failed. Please try again.',
  google_auth_failed: 'Google authentication failed. Please try again.',
  facebook_auth_failed: 'Facebook authentication failed. Please try again.',
};
export const signInFallbackMessage = 'Authentication failed. Please try again.';

const inMinutes = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

/**
 * 429s of the account requests that send mail (decision 018). The per-address one counts the
 * address as typed, so it reads the same whether or not the address has an account.
 */
export const accountLimitTexts = {
  signupsPerIp: (minutes: number) =>
    `Too many sign-ups from your network. Try again in ${inMinutes(minutes)}.`,
  mailRequestsPerIp: (minutes: number) =>
    `Too many email requests from your network. Try again in ${inMinutes(minutes)}.`,
  mailsPerAddress: (minutes: number) =>
    `We have already sent several emails to this address. Check your inbox and spam folder, or try again in ${inMinutes(minutes)}.`,
} as const;

/** Why the API refuses a restricted account (decision 019); the access gate's titles are below. */
export const restrictionTexts = {
  banned:
    'Your account access is restricted, so this feature is not available. Contact support if you think this is a mistake.',
} as const;

/** docs/product.md#access-and-roles: the posting-page access gate titles. */
export const accessGateTitles = {
  unverified: 'Verify your email to continue',
  banned: 'Account access restricted',
  suspended: 'Account temporarily suspended',
  other: 'Resolve account restrictions',
  blocked: 'Access currently blocked',
} as const;

/**
 * Texts of the account screens that the spec leaves open (titles, descriptions, fallbacks).
 * Each one says what happened and what to do next.
 */
export const accountFlowTexts = {
  verifiedToastText: 'Your email is confirmed. Log in to get started.',
  verificationErrorTitle: 'Email verification failed',
  signInErrorTitle: 'Sign-in failed',
  redditConnectedTitle: 'Reddit connected',
  redditConnectedText: 'Your Reddit account is linked. You can now post and schedule from Creator Studio.',
  logoutErrorTitle: 'Sign-out may not have completed',
  logoutErrorText:
    'We could not reach the server. On a shared device, close the browser to end your session, or log in and sign out again.',
  loginFailedTitle: 'Login failed',
  signupFailedTitle: 'Sign up failed',
  emailNotVerifiedNoEmail: 'Log in with your email address to get a new verification link.',
  resendFailedTitle: 'Could not send verification email',
  verificationEmailSentText: 'Check your inbox (and spam folder) for the new link.',
  referralNotRecordedText:
    'Your account is ready. If another creator referred you, contact support with their code.',
  invalidResetLinkTitle: 'Invalid reset link',
  invalidResetLinkText:
    'This password reset link is incomplete. Open the link from your email again or request a new one.',
  passwordResetDoneTitle: 'Password updated',
  passwordResetDoneText: 'Your new password is saved. Taking you to the login page in 3 seconds...',
  passwordChangedTitle: 'Password changed',
  changePasswordFailed: 'Could not change your password. Check your current password and try again.',
  currentPasswordRequired: 'Please enter your current (temporary) password',
  invalidRequestText:
    'This page only works from the sign-in screen. Please log in again to set your new password.',
  backHome: 'Back Home',
  verifyingEmail: 'Verifying your email...',
  emailVerifiedText: 'Your email is confirmed. You can now log in to Creator Studio.',
  verificationFailedTitle: 'Verification Failed',
  metricsUnavailable: 'Live numbers are taking a short break. Check back in a few minutes.',
} as const;

/** docs/product.md#communities: the communities page's fixed texts (title, panel, columns, summary cards, fallbacks). */
export const communitiesTexts = {
  title: 'Reddit Communities',
  // docs/product.md#communities quotes two claims ("180+" in the intro, "100+" in the panel) that disagreed with each
  // other and with the data: both now say the database's own count (null while it loads).
  intro: (count: number | null) =>
    `Find the subreddits where your content performs best: ${count === null ? 'active communities' : countOf(count, { one: 'active community', other: 'active communities' })}, each with the chance your next post that follows its rules stays up for 24 hours, and its posting rules.`,
  databaseTitle: 'Reddit Communities Database',
  databaseSubtitle: (count: number | null) =>
    `Browse ${count === null ? 'the communities' : countOf(count, { one: 'community', other: 'communities' })} with success rates (the chance a post that follows the rules stays up for 24 hours), posting rules and the best times to post.`,
  columns: [
    'Community',
    'Members',
    'Success Rate',
    'Engagement',
    'Category',
    'Verification',
    'Promotion',
    'Actions',
  ],
  detailSections: [
    'Requirements',
    'Intelligence',
    'Best Posting Times',
    'Performance',
    'Community Rules',
    'Tags',
  ],
  totalCommunities: 'Total Communities',
  avgEngagement: 'Avg Engagement',
  allowPromotion: 'Allow Promotion',
  requireVerification: 'Require Verification',
  noData: 'No data',
  notAvailable: 'N/A',
} as const;

/**
 * docs/product.md#access-and-roles leaves the gate's descriptions open: each says what to do next. Shared with the Reddit
 * posting page, which shows the same gate.
 */
export const accessGateDescriptions = {
  unverified:
    'Reddit community features open once your email is verified. Open the link we sent you, or get a new one.',
  unverifiedNoEmail:
    'Add your email address in Settings, then open the link we send you to unlock Reddit community features.',
  banned:
    'Your account can no longer use Reddit community features. If you think this is a mistake, contact support.',
  suspended: (until: string) =>
    `Your account is suspended until ${until}. Reddit community features open again after that; contact support if you think this is a mistake.`,
  other:
    'Something on your account blocks Reddit community features. Review your account in Settings, or contact support.',
  blocked:
    'The server refused access just now. Try again to refresh your account status; if it keeps happening, contact support.',
} as const;
