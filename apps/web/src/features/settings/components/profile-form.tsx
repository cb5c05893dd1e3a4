import { LoaderCircle, UserRound } from 'lucide-react';
import { profileLimits, type Profile } from '@app/shared/account';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form/form';
import { Input } from '../../../components/ui/form/input';
import { Textarea } from '../../../components/ui/form/textarea';
import { ProfileEmailFields } from './profile-email-fields';
import { useProfileForm } from './use-profile-form';

/** docs/product.md#settings: display name, e-mail and bio. A new e-mail needs the password and a click in the mail. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { form, save, bio, emailChanged, dirty, pending } = useProfileForm(profile);
  const { errors } = form.formState;

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
        <Form form={form} aria-label="Profile" onSubmit={save} className="grid max-w-xl gap-4">
          <Input
            id="profile-display-name"
            label="Display name"
            maxLength={profileLimits.displayName}
            autoComplete="nickname"
            disabled={pending}
            registration={form.register('displayName')}
            error={errors.displayName}
          />
          <ProfileEmailFields form={form} profile={profile} emailChanged={emailChanged} disabled={pending} />
          <Textarea
            id="profile-bio"
            label="Bio"
            maxLength={profileLimits.bio}
            disabled={pending}
            registration={form.register('bio')}
            error={errors.bio}
            hint={
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                {bio.length}/{profileLimits.bio}
              </p>
            }
          />
          <div>
            <Button type="submit" variant="outline" disabled={!dirty || pending} aria-busy={pending}>
              {pending ? (
                <>
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Saving...
                </>
              ) : (
                'Save Profile'
              )}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
