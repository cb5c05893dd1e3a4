import { lazyPage } from './lazy-page';

// Each page is its own chunk, fetched only when its route guard lets it render.
export const Landing = lazyPage(() => import('./landing-route'), 'LandingRoute');
export const Dashboard = lazyPage(() => import('./pages/dashboard/dashboard-page'), 'DashboardPage');
export const CaptionGenerator = lazyPage(
  () => import('../features/ai/caption-generator-page'),
  'CaptionGeneratorPage',
);
export const ImageShield = lazyPage(
  () => import('../features/imageshield/imageshield-page'),
  'ImageShieldPage',
);
export const EarlyAccess = lazyPage(
  () => import('../features/early-access/early-access-page'),
  'EarlyAccessPage',
);
export const Enterprise = lazyPage(() => import('./pages/enterprise/enterprise-page'), 'EnterprisePage');
export const Reddit = lazyPage(() => import('../features/reddit/reddit-page'), 'RedditPage');
export const Communities = lazyPage(
  () => import('../features/communities/communities-page'),
  'CommunitiesPage',
);
export const Gallery = lazyPage(() => import('../features/media/gallery-page'), 'GalleryPage');
export const TaxTracker = lazyPage(() => import('../features/tax/tax-tracker-page'), 'TaxTrackerPage');
export const ProPerks = lazyPage(() => import('../features/pro-perks/pro-perks-page'), 'ProPerksPage');
export const Calculator = lazyPage(() => import('../features/calculator/calculator-page'), 'CalculatorPage');
export const Referral = lazyPage(() => import('../features/referral/referral-page'), 'ReferralPage');
export const History = lazyPage(() => import('../features/history/history-page'), 'HistoryPage');
export const Settings = lazyPage(() => import('./pages/settings/settings-page'), 'SettingsPage');
export const Checkout = lazyPage(() => import('../features/billing/checkout-page'), 'CheckoutPage');
export const Logout = lazyPage(() => import('../features/auth/logout-page'), 'LogoutPage');
export const Terms = lazyPage(() => import('../features/legal/terms-page'), 'TermsPage');
export const Privacy = lazyPage(() => import('../features/legal/privacy-page'), 'PrivacyPage');
export const Admin = lazyPage(() => import('./pages/admin-page'), 'AdminPage');
export const AdminLeads = lazyPage(() => import('../features/admin/admin-leads-page'), 'AdminLeadsPage');
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
