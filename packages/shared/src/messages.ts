/**
 * Every user-visible text that the product spec fixes, in one place.
 * Client and server import these so a test can assert them literally.
 */

/** Spec section 8: fallback messages by HTTP status, and the specific server messages they replace. */
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

/** The server messages the client recognises and replaces with a friendlier text (spec section 8). */
export const serverMessages = {
  accessTokenRequired: 'Access token required',
  invalidCredentials: 'Invalid credentials',
  emailNotVerified: 'Email not verified',
  insufficientPermissions: 'Insufficient permissions',
} as const;

/** Spec section 5. */
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
