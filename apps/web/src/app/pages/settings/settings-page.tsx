import { useEffect } from 'react';
import { CircleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { accountMessages } from '@app/shared/account';
import type { User } from '@app/shared/user';
import { PageLayout } from '../../../components/page-layout';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { currentUserQueryKey } from '../../../lib/query-client';
import { userFacingMessage } from '../../../lib/request';
import { useSessionUser } from '../../../lib/session-context';
import { PlanOverview } from '../../../features/billing/components/plan-overview';
import { profileQueryKey, useProfile } from '../../../features/settings/api/get-profile';
import { useUserSettings } from '../../../features/settings/api/get-user-settings';
import { DangerZoneCard, ExportCard } from '../../../features/settings/components/account-data-card';
import { ApiKeysCard } from '../../../features/settings/components/api-keys-card';
import { BrandVoiceCard } from '../../../features/settings/components/brand-voice-card';
import { ProfileForm } from '../../../features/settings/components/profile-form';
import { TakedownContactCard } from '../../../features/settings/components/takedown-contact-card';
import { WatermarkTextCard } from '../../../features/settings/components/watermark-text-card';
import { PreferencesForm } from '../../../features/settings/components/preferences-form';
import { SecurityCard } from './security-card';
import { settingsTexts } from '../../../features/settings/settings-texts';

/** Profile, password, export and deletion: all need the profile (e-mail, whether there is a password). */
function AccountSections({ user, part }: { user: User; part: 'profile' | 'data' }) {
  const profile = useProfile();
  if (profile.isPending) {
    if (part === 'data') return null;
    return (
      <div role="status">
        <span className="sr-only">Loading your profile...</span>
        <div aria-hidden="true" className="h-48 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-900" />
      </div>
    );
  }
  if (profile.error) {
    if (part === 'data') return null;
    return (
      <Card id="profile">
        <CardContent role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <CircleAlert aria-hidden="true" className="size-8 text-red-500" />
          <h2 className="font-semibold text-zinc-900 dark:text-white">Your profile could not be loaded</h2>
          <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
            {userFacingMessage(profile.error)}
          </p>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return part === 'profile' ? (
    <>
      <ProfileForm profile={profile.data} />
      {/* Social sign-in only accounts have no password to change. */}
      {profile.data.hasPassword && <SecurityCard user={user} />}
    </>
  ) : (
    <>
      <ExportCard username={profile.data.username} />
      <DangerZoneCard profile={profile.data} />
    </>
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
  ['brand-voice', 'Brand voice'],
  ['api', 'API access'],
  ['takedown-contact', 'Takedown contact details'],
  ['data', 'Your data'],
  ['danger-zone', 'Danger zone'],
] as const;

const emailChangeOutcomes = {
  confirmed: { ok: true, text: accountMessages.emailChanged },
  invalid: { ok: false, text: accountMessages.emailChangeLinkInvalid },
  expired: { ok: false, text: accountMessages.emailChangeLinkExpired },
  taken: { ok: false, text: accountMessages.emailTaken },
} as const;

/** Back from the e-mail change link (decision 013): /settings?emailChange=confirmed|invalid|expired|taken. */
function useEmailChangeOutcome() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get('emailChange');
  useEffect(() => {
    if (!outcome) return;
    const known = emailChangeOutcomes[outcome as keyof typeof emailChangeOutcomes];
    if (known?.ok) {
      toast.success('Email changed', { description: known.text });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    } else if (known) {
      toast.error('Email not changed', { description: known.text });
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('emailChange');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams, queryClient]);
}

/** docs/product.md#pages-and-navigation /settings: plan and usage, profile, password, app preferences and notifications with 'Save Settings'. */
export function SettingsPage() {
  const user = useSessionUser();
  useEmailChangeOutcome();
  return (
    <PageLayout title={settingsTexts.title} description={settingsTexts.description}>
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
              <AccountSections user={user} part="profile" />
            </>
          )}
          <PreferencesSection />
          {user && <BrandVoiceCard />}
          {user && <ApiKeysCard user={user} />}
          {user && <WatermarkTextCard user={user} />}
          {user && <TakedownContactCard />}
          {user && <AccountSections user={user} part="data" />}
        </div>
      </div>
    </PageLayout>
  );
}
