import { LoaderCircle, Save } from 'lucide-react';
import type { UserSettings } from '@app/shared/settings';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { settingsTexts } from '../settings-texts';
import { AppPreferencesSection } from './app-preferences-section';
import { NotificationsSection } from './notifications-section';
import { usePreferencesForm } from './use-preferences-form';

/** docs/product.md#settings: app preferences and notifications, saved together with 'Save Settings'. */
export function PreferencesForm({ saved }: { saved: UserSettings }) {
  const { draft, set, save, dirty, busy, discard } = usePreferencesForm(saved);
  return (
    <form aria-label="Preferences" onSubmit={save} className="space-y-6">
      <AppPreferencesSection draft={draft} set={set} busy={busy} />
      <NotificationsSection draft={draft} set={set} busy={busy} />
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
          <Button variant="ghost" disabled={busy} onClick={discard}>
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
