import { useState, type FormEvent } from 'react';
import { Bell, LoaderCircle, Save, SlidersHorizontal } from 'lucide-react';
import { settingsPlatforms, settingsThemes, type UserSettings } from '@app/shared/settings';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { useTheme } from '../../../lib/theme';
import { useUpdateUserSettings } from '../api/update-user-settings';
import { settingsTexts } from '../settings-texts';
import { SwitchField } from './switch-field';

const platformLabels: Record<UserSettings['defaultPlatform'], string> = {
  reddit: 'Reddit',
  twitter: 'Twitter',
  instagram: 'Instagram',
};
const themeLabels: Record<UserSettings['theme'], string> = { light: 'Light', dark: 'Dark' };

function changedFields(saved: UserSettings, draft: UserSettings): Partial<UserSettings> {
  const changes: Partial<UserSettings> = {};
  for (const key of Object.keys(saved) as (keyof UserSettings)[]) {
    if (saved[key] !== draft[key]) Object.assign(changes, { [key]: draft[key] });
  }
  return changes;
}

/** Spec 3 and 2: app preferences and notifications, saved together with 'Save Settings'. */
export function PreferencesForm({ saved }: { saved: UserSettings }) {
  const [draft, setDraft] = useState(saved);
  const update = useUpdateUserSettings();
  const { setPreference } = useTheme();
  const changes = changedFields(saved, draft);
  const dirty = Object.keys(changes).length > 0;
  const set = <K extends keyof UserSettings>(key: K, value: UserSettings[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dirty) return;
    update.mutate(changes, {
      onSuccess: (settings) => {
        setDraft(settings);
        // The saved theme also becomes this browser's choice, so the change is visible at once.
        if (changes.theme) setPreference(settings.theme);
      },
    });
  }

  const busy = update.isPending;
  return (
    <form aria-label="Preferences" onSubmit={save} className="space-y-6">
      <Card id="preferences" className="scroll-mt-24">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <SlidersHorizontal aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" /> App
            preferences
          </CardTitle>
          <CardDescription>How the app looks and what it picks for you.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <fieldset>
            <legend className="text-sm font-medium text-zinc-900 dark:text-white">Theme</legend>
            <div className="mt-2 inline-flex rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700">
              {settingsThemes.map((theme) => (
                <label
                  key={theme}
                  className={cn(
                    'cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-rose-500',
                    draft.theme === theme
                      ? 'bg-rose-600 text-white dark:bg-rose-500 dark:text-zinc-950'
                      : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
                  )}
                >
                  <input
                    type="radio"
                    name="theme"
                    value={theme}
                    checked={draft.theme === theme}
                    disabled={busy}
                    onChange={() => set('theme', theme)}
                    className="sr-only"
                  />
                  {themeLabels[theme]}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="default-platform" className="text-sm font-medium text-zinc-900 dark:text-white">
              Default platform
            </label>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Picked first when you write a new caption.
            </p>
            <select
              id="default-platform"
              value={draft.defaultPlatform}
              disabled={busy}
              onChange={(event) =>
                set('defaultPlatform', event.target.value as UserSettings['defaultPlatform'])
              }
              className="mt-2 h-10 w-full max-w-xs rounded-lg border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            >
              {settingsPlatforms.map((platform) => (
                <option key={platform} value={platform}>
                  {platformLabels[platform]}
                </option>
              ))}
            </select>
          </div>
          <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
            <SwitchField
              label="Auto-save"
              description="Keep every generated caption in your history automatically."
              checked={draft.autoSave}
              disabled={busy}
              onChange={(value) => set('autoSave', value)}
            />
            <SwitchField
              label="Usage analytics"
              description="Share which pages you visit, what you click and which features you use, so we can improve the app. Your IP address is never stored."
              checked={draft.usageAnalytics}
              disabled={busy}
              onChange={(value) => set('usageAnalytics', value)}
            />
          </div>
        </CardContent>
      </Card>
      <Card id="notifications" className="scroll-mt-24">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Bell aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" /> Notifications
          </CardTitle>
          <CardDescription>What we tell you about, and where.</CardDescription>
        </CardHeader>
        <CardContent className="divide-y divide-zinc-200 pt-3 dark:divide-zinc-800">
          <SwitchField
            label="In-app notifications"
            description="Alerts about scheduled posts, protection and your plan while you use the app."
            checked={draft.notifications}
            disabled={busy}
            onChange={(value) => set('notifications', value)}
          />
          <SwitchField
            label="Email updates"
            description="Product news and tips by e-mail. Account and payment e-mails are always sent."
            checked={draft.emailUpdates}
            disabled={busy}
            onChange={(value) => set('emailUpdates', value)}
          />
        </CardContent>
      </Card>
      {/* Unsaved changes keep the bar in sight while scrolling, so they are not left behind. */}
      <div
        className={cn(
          'z-10 -mx-4 flex flex-col gap-3 border-t border-zinc-200 bg-white/90 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-end sm:rounded-2xl sm:border dark:border-zinc-800 dark:bg-zinc-950/90',
          dirty && 'sticky bottom-0 shadow-lg sm:bottom-4',
        )}
      >
        <p aria-live="polite" className="text-sm text-zinc-600 sm:mr-auto dark:text-zinc-400">
          {dirty ? settingsTexts.unsaved : settingsTexts.upToDate}
        </p>
        {dirty && (
          <Button variant="ghost" disabled={busy} onClick={() => setDraft(saved)}>
            Discard changes
          </Button>
        )}
        <Button type="submit" disabled={!dirty || busy} aria-busy={busy}>
          {busy ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> {settingsTexts.saving}
            </>
          ) : (
            <>
              <Save aria-hidden="true" className="size-4" /> {settingsTexts.save}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
