import { useState, type FormEvent } from 'react';
import { LoaderCircle, MailCheck, UserRound } from 'lucide-react';
import { profileLimits, type Profile } from '@app/shared/account';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField, PasswordField } from '../../../components/form-field';
import { useUpdateProfile } from '../api/update-profile';

const textareaClasses =
  'min-h-24 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm focus-visible:border-rose-500 focus-visible:outline-2 focus-visible:outline-rose-500/30 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';

/** Spec 3: display name, e-mail and bio. A new e-mail needs the password and a click in the mail. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [displayName, setDisplayName] = useState(profile.displayName ?? '');
  const [bio, setBio] = useState(profile.bio ?? '');
  const [email, setEmail] = useState(profile.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const update = useUpdateProfile();
  const emailChanged = email.trim().toLowerCase() !== profile.email.toLowerCase();
  const dirty =
    emailChanged || displayName.trim() !== (profile.displayName ?? '') || bio.trim() !== (profile.bio ?? '');

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      {
        displayName,
        bio,
        ...(emailChanged ? { email: email.trim(), ...(profile.hasPassword ? { currentPassword } : {}) } : {}),
      },
      {
        onSuccess: ({ profile: saved }) => {
          setEmail(saved.email);
          setCurrentPassword('');
        },
      },
    );
  }

  return (
    <Card id="profile" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" /> Profile
        </CardTitle>
        <CardDescription>
          Signed in as <span className="font-medium text-zinc-900 dark:text-white">{profile.username}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form aria-label="Profile" noValidate onSubmit={save} className="grid max-w-xl gap-4">
          <FormField
            id="profile-display-name"
            label="Display name"
            value={displayName}
            maxLength={profileLimits.displayName}
            autoComplete="nickname"
            disabled={update.isPending}
            onValueChange={setDisplayName}
          />
          <FormField
            id="profile-email"
            label="Email"
            type="email"
            value={email}
            autoComplete="email"
            disabled={update.isPending}
            onValueChange={setEmail}
            hint={
              profile.pendingEmail ? (
                <p className="flex items-start gap-1.5 text-sm text-amber-700 dark:text-amber-300">
                  <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  Waiting for you to open the confirmation link sent to {profile.pendingEmail}.
                </p>
              ) : undefined
            }
          />
          {emailChanged && profile.hasPassword && (
            <PasswordField
              id="profile-current-password"
              label="Current password (to change your email)"
              autoComplete="current-password"
              value={currentPassword}
              disabled={update.isPending}
              onValueChange={setCurrentPassword}
            />
          )}
          <div className="space-y-1.5">
            <label htmlFor="profile-bio" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
              Bio
            </label>
            <textarea
              id="profile-bio"
              value={bio}
              maxLength={profileLimits.bio}
              disabled={update.isPending}
              onChange={(event) => setBio(event.target.value)}
              className={textareaClasses}
            />
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {bio.length}/{profileLimits.bio}
            </p>
          </div>
          <div>
            <Button
              type="submit"
              variant="outline"
              disabled={!dirty || update.isPending}
              aria-busy={update.isPending}
            >
              {update.isPending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Saving...
                </>
              ) : (
                'Save Profile'
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
