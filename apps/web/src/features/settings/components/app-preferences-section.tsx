import { SlidersHorizontal } from 'lucide-react';
import { settingsPlatforms, settingsThemes, type UserSettings } from '@app/shared/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { SwitchField } from './switch-field';
import type { PreferencesFormState } from './use-preferences-form';

const platformLabels: Record<UserSettings['defaultPlatform'], string> = {
  reddit: 'Reddit',
  twitter: 'Twitter',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};
const themeLabels: Record<UserSettings['theme'], string> = { light: 'Light', dark: 'Dark' };

/** Theme, default platform, auto-save and usage analytics. */
export function AppPreferencesSection({
  draft,
  set,
  busy,
}: Pick<PreferencesFormState, 'draft' | 'set' | 'busy'>) {
  return (
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
  );
}
