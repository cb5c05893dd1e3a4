import { useState } from 'react';
import { Download, LoaderCircle, TriangleAlert } from 'lucide-react';
import { z } from 'zod';
import { deleteConfirmationWord, isDeleteConfirmation, type Profile } from '@app/shared/account';
import { Button } from '../../../components/ui/button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form/form';
import { Input, PasswordInput } from '../../../components/ui/form/input';
import { applyServerFieldError } from '../../../components/ui/form/server-errors';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { toast } from '../../../components/ui/toast';
import { accountErrorText } from '../account-error-text';
import { useDeleteAccount } from '../api/delete-account';
import { useExportAccount } from '../api/export-account';

/** docs/product.md#settings: the JSON data export. */
export function ExportCard({ username }: { username: string }) {
  const exportAccount = useExportAccount();
  return (
    <Card id="data" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Download aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" /> Your data
        </CardTitle>
        <CardDescription>
          Download everything your account holds (profile, settings, captions, posts, media links) as a JSON
          file.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          disabled={exportAccount.isPending}
          aria-busy={exportAccount.isPending}
          onClick={() => exportAccount.mutate(username)}
        >
          {exportAccount.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Download aria-hidden="true" className="size-4" />
          )}
          {exportAccount.isPending ? 'Preparing export...' : 'Export my data'}
        </Button>
      </CardContent>
    </Card>
  );
}

// No messages: the delete button stays disabled until both are filled in.
const deletionSchema = z.object({ confirmation: z.string(), password: z.string() });
const emptyDeletion = { confirmation: '', password: '' };

/** docs/product.md#settings: account deletion behind a confirmation dialog (the word, and the password if there is one). */
export function DangerZoneCard({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(deletionSchema, { defaultValues: emptyDeletion });
  const [word, password] = form.watch(['confirmation', 'password']);
  const [failure, setFailure] = useState<string | null>(null);
  const deletion = useDeleteAccount();
  const ready = isDeleteConfirmation(word) && (!profile.hasPassword || password !== '');

  function confirm() {
    if (!ready) return;
    setFailure(null);
    deletion.mutate(
      { confirmation: word, ...(profile.hasPassword ? { password } : {}) },
      {
        onSuccess: ({ message, redirectTo }) => {
          toast.success('Account deleted', { description: message });
          // A full load: every cached trace of the account goes with the page.
          window.location.assign(redirectTo);
        },
        onError: (error) => {
          setFailure(accountErrorText(error));
          applyServerFieldError(form, error, { confirmation: 'confirmation', password: 'password' });
        },
      },
    );
  }

  return (
    <Card id="danger-zone" className="scroll-mt-24 border-red-200 dark:border-red-500/30">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-red-700 dark:text-red-300">
          <TriangleAlert aria-hidden="true" className="size-5" /> Danger zone
        </CardTitle>
        <CardDescription>
          Deleting your account removes your profile, media, captions, scheduled posts and subscription for
          good. It cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            if (deletion.isPending) return;
            setOpen(next);
            form.reset();
            setFailure(null);
          }}
        >
          <Button variant="danger-outline" onClick={() => setOpen(true)}>
            Delete account
          </Button>
          <AlertDialogContent>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>
              Everything goes: your media, captions, scheduled posts and any subscription (it is cancelled).
              Export your data first if you want a copy.
            </AlertDialogDescription>
            <Form form={form} aria-label="Delete account" onSubmit={confirm} className="mt-4 grid gap-4">
              {failure && (
                <p
                  role="alert"
                  className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200"
                >
                  {failure}
                </p>
              )}
              <Input
                id="delete-confirmation"
                label={`Type ${deleteConfirmationWord} to confirm`}
                autoComplete="off"
                disabled={deletion.isPending}
                registration={form.register('confirmation')}
                error={form.formState.errors.confirmation}
              />
              {profile.hasPassword && (
                <PasswordInput
                  id="delete-password"
                  label="Your password"
                  autoComplete="current-password"
                  disabled={deletion.isPending}
                  registration={form.register('password')}
                  error={form.formState.errors.password}
                />
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <AlertDialogCancel asChild>
                  <Button variant="outline" disabled={deletion.isPending}>
                    Cancel
                  </Button>
                </AlertDialogCancel>
                <Button
                  type="submit"
                  variant="danger"
                  disabled={!ready || deletion.isPending}
                  aria-busy={deletion.isPending}
                >
                  {deletion.isPending ? 'Deleting...' : 'Delete my account'}
                </Button>
              </div>
            </Form>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
