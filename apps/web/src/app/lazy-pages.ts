import { lazyPage, lazyQueryPage } from './lazy-page';

// Each page is its own chunk, fetched only when its route guard lets it render. Pages that use the
// query client say so (lazyQueryPage); the landing and the legal texts need none (decision 033).
export const Landing = lazyPage(() => import('./landing-route'), 'LandingRoute');
// /login and /signup: the landing with the auth dialog, so / does not load the dialog's forms.
export const LandingAuth = lazyPage(() => import('./landing-auth-route'), 'LandingAuthRoute');
export const Dashboard = lazyQueryPage(() => import('./pages/dashboard/dashboard-page'), 'DashboardPage');
export const CaptionGenerator = lazyQueryPage(
  () => import('../features/ai/caption-generator-page'),
  'CaptionGeneratorPage',
);
export const ImageShield = lazyPage(
  () => import('../features/imageshield/imageshield-page'),
  'ImageShieldPage',
);
export const EarlyAccess = lazyQueryPage(
  () => import('../features/early-access/early-access-page'),
  'EarlyAccessPage',
);
export const Enterprise = lazyQueryPage(() => import('./pages/enterprise/enterprise-page'), 'EnterprisePage');
export const Reddit = lazyQueryPage(() => import('../features/reddit/reddit-page'), 'RedditPage');
export const Results = lazyQueryPage(() => import('../features/results/results-page'), 'ResultsPage');
export const Links = lazyQueryPage(() => import('../features/links/links-page'), 'LinksPage');
export const Campaigns = lazyQueryPage(() => import('../features/reddit/campaigns-page'), 'CampaignsPage');
export const Communities = lazyQueryPage(
  () => import('../features/communities/communities-page'),
  'CommunitiesPage',
);
export const Gallery = lazyQueryPage(() => import('../features/media/gallery-page'), 'GalleryPage');
export const LeakCases = lazyQueryPage(() => import('../features/leaks/leak-pages'), 'LeakCasesPage');
export const LeakCasesNew = lazyQueryPage(() => import('../features/leaks/leak-pages'), 'LeakCasesNewPage');
export const LeakCasesDetail = lazyQueryPage(
  () => import('../features/leaks/leak-pages'),
  'LeakCasesDetailPage',
);
export const LeakTrace = lazyQueryPage(() => import('../features/leaks/leak-pages'), 'LeakTracePage');
export const TaxTracker = lazyQueryPage(() => import('../features/tax/tax-tracker-page'), 'TaxTrackerPage');
export const ProPerks = lazyQueryPage(() => import('../features/pro-perks/pro-perks-page'), 'ProPerksPage');
export const Calculator = lazyQueryPage(
  () => import('../features/calculator/calculator-page'),
  'CalculatorPage',
);
export const Referral = lazyQueryPage(() => import('../features/referral/referral-page'), 'ReferralPage');
export const History = lazyQueryPage(() => import('../features/history/history-page'), 'HistoryPage');
export const Settings = lazyQueryPage(() => import('./pages/settings/settings-page'), 'SettingsPage');
export const Checkout = lazyQueryPage(() => import('../features/billing/checkout-page'), 'CheckoutPage');
export const Logout = lazyQueryPage(() => import('../features/auth/logout-page'), 'LogoutPage');
export const Terms = lazyPage(() => import('../features/legal/terms-page'), 'TermsPage');
export const Privacy = lazyPage(() => import('../features/legal/privacy-page'), 'PrivacyPage');
export const Admin = lazyQueryPage(() => import('./pages/admin-page'), 'AdminPage');
export const AdminLeads = lazyQueryPage(() => import('../features/admin/admin-leads-page'), 'AdminLeadsPage');
export const ForgotPassword = lazyPage(
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
export const ResetPassword = lazyPage(
  () => import('../features/auth/reset-password-page'),
  'ResetPasswordPage',
);
export const ChangePassword = lazyPage(
  () => import('../features/auth/change-password-page'),
  'ChangePasswordPage',
);
export const EmailVerification = lazyPage(
  () => import('../features/auth/email-verification-page'),
  'EmailVerificationPage',
);
