import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  Calculator,
  CalendarClock,
  Code2,
  Crown,
  HardDrive,
  LifeBuoy,
  Sparkles,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { hasRight, moneyBackGuarantee, plans } from '@app/shared/plans';
import { isAdminUser } from '@app/shared/user';
import { useSessionUser } from '../../lib/session-context';
import { PageLayout } from '../../components/page-layout';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { checkoutPath } from '../../lib/checkout-plan';
import { formatMoney } from '../../lib/format/money';

const pro = plans.pro;
const storageGb = Math.round(pro.storageBytes / 1024 ** 3);

interface PerkAction {
  label: string;
  to: string;
  /** A server page (the API reference), opened with a full navigation. */
  external?: boolean;
}

interface Perk {
  icon: LucideIcon;
  title: string;
  description: string;
  actions: PerkAction[];
}

/** What Pro unlocks, each with the place in the app where it is used (plans.ts holds the numbers). */
export const proPerks: readonly Perk[] = [
  {
    icon: Sparkles,
    title: 'Unlimited caption generations',
    description: `No daily limit on caption generations (Free has ${plans.free.aiGenerationsPerDay} a day, Starter ${plans.starter.aiGenerationsPerDay}).`,
    actions: [{ label: 'Write captions', to: '/caption-generator' }],
  },
  {
    icon: HardDrive,
    title: `${storageGb} GB gallery`,
    description:
      'Room for your whole library of photos and videos, with ImageShield protection on every upload.',
    actions: [{ label: 'Open your gallery', to: '/gallery' }],
  },
  {
    icon: CalendarClock,
    title: 'Unlimited Reddit accounts and advanced scheduling',
    description: 'Connect every account you post from and plan posts ahead across all of them.',
    actions: [{ label: 'Schedule Reddit posts', to: '/reddit' }],
  },
  {
    icon: BarChart3,
    title: 'Advanced analytics',
    description: 'Deeper engagement figures on your dashboard: what works, where and when.',
    actions: [{ label: 'See your analytics', to: '/dashboard' }],
  },
  {
    icon: Code2,
    title: 'API access',
    description:
      'Personal API keys to generate captions, read your history and schedule posts from your own tools.',
    actions: [
      { label: 'Manage API keys', to: '/settings#api' },
      { label: 'Read the API docs', to: '/api/docs', external: true },
    ],
  },
  {
    icon: Users,
    title: 'Referral program',
    description: 'Your own referral code to share with other creators, and a list of who joined through you.',
    actions: [{ label: 'Open the referral program', to: '/referral' }],
  },
  {
    icon: LifeBuoy,
    title: 'Priority support',
    description: 'Your questions go to the front of the support queue.',
    actions: [{ label: 'Support settings', to: '/settings' }],
  },
];

export const proPerksTexts = {
  title: 'Pro Perks',
  description: `Everything Creator Studio Pro includes, and where to use it. ${pro.name} is ${formatMoney(pro.priceCents)} a month with a ${moneyBackGuarantee}.`,
  upgrade: `Upgrade to ${pro.name}`,
  youArePro: 'You have Pro: every perk below is switched on for your account.',
  youAreAdmin: 'As an admin you have every Pro perk without a subscription.',
  notPro: (planName: string) => `You are on the ${planName} plan. Upgrade to unlock the perks below.`,
  signedOut: 'Create a free account, then upgrade to Pro whenever you are ready.',
} as const;

function ActionLink({ action, primary }: { action: PerkAction; primary: boolean }) {
  const className = buttonClasses(primary ? 'primary' : 'outline', 'sm');
  return action.external ? (
    <a href={action.to} className={className}>
      {action.label}
    </a>
  ) : (
    <Link to={action.to} className={className}>
      {action.label}
    </Link>
  );
}

export function ProPerksPage() {
  const user = useSessionUser();
  // Pro is judged by the plan's rights, so admins (who have every right) count as Pro here too.
  const unlocked = user !== null && hasRight(user, 'apiAccess');
  const upgradeTo = user ? checkoutPath('pro') : '/signup';

  return (
    <PageLayout
      title={proPerksTexts.title}
      description={proPerksTexts.description}
      actions={
        !unlocked && (
          <Link to={upgradeTo} className={buttonClasses('primary')}>
            <Crown aria-hidden="true" className="size-4" />
            {user ? proPerksTexts.upgrade : 'Sign up free'}
          </Link>
        )
      }
    >
      <div
        role="status"
        className={
          unlocked
            ? 'mb-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200'
            : 'mb-6 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900 dark:border-rose-500/30 dark:bg-rose-500/10 dark:text-rose-200'
        }
      >
        {unlocked
          ? isAdminUser(user)
            ? proPerksTexts.youAreAdmin
            : proPerksTexts.youArePro
          : user
            ? proPerksTexts.notPro(plans[user.tier].name)
            : proPerksTexts.signedOut}
      </div>

      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {proPerks.map((perk) => (
          <li key={perk.title}>
            <Card className="flex h-full flex-col">
              <CardHeader>
                <perk.icon aria-hidden="true" className="size-6 text-rose-500" />
                <CardTitle className="text-zinc-900 dark:text-white">{perk.title}</CardTitle>
                <CardDescription>{perk.description}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto flex flex-wrap gap-2 pt-4">
                {unlocked ? (
                  perk.actions.map((action, index) => (
                    <ActionLink key={action.to} action={action} primary={index === 0} />
                  ))
                ) : (
                  <span className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
                    Pro only
                  </span>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>

      <Card className="mt-8">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-zinc-900 dark:text-white">
            <Calculator aria-hidden="true" className="size-5 text-rose-500" />
            Will Pro pay for itself?
          </CardTitle>
          <CardDescription>
            Work out what your subscribers bring in after platform fees and tax, then compare it with{' '}
            {formatMoney(pro.priceCents)} a month.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          {user ? (
            <Link to="/calculator" className={buttonClasses('outline', 'sm')}>
              Open the earnings calculator
            </Link>
          ) : (
            <span className="text-sm text-zinc-600 dark:text-zinc-400">
              Sign in to use the earnings calculator.
            </span>
          )}
          {!unlocked && (
            <Link to={upgradeTo} className={buttonClasses('primary', 'sm')}>
              {user ? proPerksTexts.upgrade : 'Sign up free'}
            </Link>
          )}
        </CardContent>
      </Card>
    </PageLayout>
  );
}
