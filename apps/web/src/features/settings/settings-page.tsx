import { CircleAlert, UserRound } from 'lucide-react';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { userFacingMessage } from '../../lib/request';
import { useSessionUser } from '../../app/session-context';
import { PlanOverview } from '../billing/components/plan-overview';
import { useUserSettings } from './api/get-user-settings';
import { PreferencesForm } from './components/preferences-form';
import { SecurityCard } from './components/security-card';
import { settingsTexts } from './settings-texts';

function ProfileCard({
  username,
  email,
  verified,
}: {
  username: string;
  email: string | null;
  verified: boolean;
}) {
  return (
    <Card id="profile" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" /> Profile
        </CardTitle>
        <CardDescription>The account you are signed in with.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-zinc-500 dark:text-zinc-400">Username</dt>
            <dd className="mt-1 font-medium text-zinc-900 dark:text-white">{username}</dd>
          </div>
          <div>
            <dt className="text-zinc-500 dark:text-zinc-400">Email</dt>
            <dd className="mt-1 font-medium break-all text-zinc-900 dark:text-white">
              {email ?? 'None'}{' '}
              <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">
                {verified ? '(verified)' : '(not verified)'}
              </span>
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function PreferencesSection() {
  const settings = useUserSettings();
  if (settings.isPending) {
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">Loading your settings...</span>
        {[0, 1].map((index) => (
          <div
            key={index}
            aria-hidden="true"
            className="h-48 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-900"
          />
        ))}
      </div>
    );
  }
  if (settings.error) {
    return (
      <Card>
        <CardContent role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <CircleAlert aria-hidden="true" className="size-8 text-red-500" />
          <h2 className="font-semibold text-zinc-900 dark:text-white">{settingsTexts.loadFailed}</h2>
          <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
            {userFacingMessage(settings.error)}
          </p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <PreferencesForm saved={settings.data} />;
}

const sections = [
  ['subscription', 'Subscription'],
  ['plans', 'Compare plans'],
  ['profile', 'Profile'],
  ['security', 'Privacy and security'],
  ['preferences', 'App preferences'],
  ['notifications', 'Notifications'],
] as const;

/** Spec 2 /settings: plan and usage, profile, password, app preferences and notifications with 'Save Settings'. */
export function SettingsPage() {
  const user = useSessionUser();
  return (
    <PageLayout
      title="Settings"
      description="Manage your subscription, profile, preferences and notifications."
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[11rem_minmax(0,1fr)]">
        <nav aria-label="Settings sections" className="hidden lg:block">
          <ul className="sticky top-24 space-y-1 text-sm">
            {sections.map(([id, label]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="block rounded-lg px-3 py-2 font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-rose-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="max-w-4xl min-w-0 space-y-6">
          {user && (
            <>
              <PlanOverview user={user} />
              <ProfileCard
                username={user.username}
                email={user.email}
                verified={Boolean(user.emailVerified)}
              />
              <SecurityCard user={user} />
            </>
          )}
          <PreferencesSection />
        </div>
      </div>
    </PageLayout>
  );
}
