import { Bell } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { SwitchField } from './switch-field';
import type { PreferencesFormState } from './use-preferences-form';

/** In-app notifications and e-mail updates. */
export function NotificationsSection({
  draft,
  set,
  busy,
}: Pick<PreferencesFormState, 'draft' | 'set' | 'busy'>) {
  return (
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
  );
}
