import { useState, type FormEvent } from 'react';
import type { UserSettings } from '@app/shared/settings';
import { useTheme } from '../../../lib/theme';
import { useUpdateUserSettings } from '../api/update-user-settings';

function changedFields(saved: UserSettings, draft: UserSettings): Partial<UserSettings> {
  const changes: Partial<UserSettings> = {};
  for (const key of Object.keys(saved) as (keyof UserSettings)[]) {
    if (saved[key] !== draft[key]) Object.assign(changes, { [key]: draft[key] });
  }
  return changes;
}

/**
 * docs/product.md#settings: the preferences draft, what differs from what is saved, and one save for all of it.
 * Plain state, not the form kit: every control is a choice (switch, radio, select) that cannot be
 * invalid, so there is nothing to validate or to mark.
 */
export function usePreferencesForm(saved: UserSettings) {
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

  return { draft, set, save, dirty, busy: update.isPending, discard: () => setDraft(saved) };
}

export type PreferencesFormState = ReturnType<typeof usePreferencesForm>;
