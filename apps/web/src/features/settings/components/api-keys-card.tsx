import { useState } from 'react';
import { ExternalLink, KeyRound, LoaderCircle, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  apiKeyTexts,
  apiMonthlyCallLimit,
  createApiKeyRequestSchema,
  type ApiKey,
} from '@app/shared/api-keys';
import { hasRight } from '@app/shared/plans';
import type { User } from '@app/shared/user';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { CopyButton } from '../../../components/copy-button';
import { ListLoadError } from '../../../components/list-load-error';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form/form';
import { Input, PasswordInput } from '../../../components/ui/form/input';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { checkoutPath } from '../../../lib/checkout-plan';
import { apiKeyPasswordError, useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { NewApiKeyDialog } from './api-keys-card-dialog';
import { formatDate } from '../../../lib/format/date-time';

export const apiKeysCardTexts = {
  title: 'API access',
  description: `Personal API keys let your scripts and tools use the public API as you: caption generation, history, the media list and scheduling. Each month includes ${apiMonthlyCallLimit} calls.`,
  notIncluded:
    'API access is available on the Pro plan. With Pro you can create personal API keys for your scripts and tools.',
  upgrade: 'Get API access with Pro',
  nameLabel: 'Key name',
  nameHint: 'For example the tool or script that will use it.',
  passwordLabel: 'Current password',
  passwordHint: 'A key keeps working after you sign out, so making one needs your password.',
  revokedWhenTitle: 'When keys stop working',
  create: 'Create key',
  creating: 'Creating...',
  listLabel: 'Your API keys',
  empty: 'No API keys yet. Create one above to call the API from a script or tool.',
  loading: 'Loading your API keys...',
  loadFailed: 'Your API keys could not be loaded',
  docs: 'API documentation',
} as const;

/** The example calls the history list: a harmless read every key may make. */
function curlExample(origin: string) {
  return `curl -H "Authorization: Bearer <your key>" \\\n  ${origin}/api/content-generations`;
}

function CreateKeyForm() {
  // Both fields' problems show at once, without a toast: the card is small and both are in view.
  const form = useZodForm(createApiKeyRequestSchema, {
    defaultValues: { name: '', currentPassword: '' },
    firstErrorOnly: false,
  });
  const { errors } = form.formState;
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const create = useCreateApiKey();

  function submit(request: z.output<typeof createApiKeyRequestSchema>) {
    create.mutate(request, {
      onSuccess: ({ key, secret }) => {
        form.reset();
        setCreated({ name: key.name, secret });
      },
      onError: (error) => {
        const passwordError = apiKeyPasswordError(error);
        if (passwordError)
          form.setError('currentPassword', { type: 'server', message: passwordError }, { shouldFocus: true });
      },
    });
  }

  return (
    <>
      <Form
        form={form}
        aria-label="Create API key"
        invalidToast={null}
        onSubmit={submit}
        className="space-y-3"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Input
            id="api-key-name"
            label={apiKeysCardTexts.nameLabel}
            maxLength={80}
            autoComplete="off"
            registration={form.register('name')}
            error={errors.name}
            hint={<p className="text-xs text-zinc-500 dark:text-zinc-400">{apiKeysCardTexts.nameHint}</p>}
            disabled={create.isPending}
          />
          <PasswordInput
            id="api-key-current-password"
            label={apiKeysCardTexts.passwordLabel}
            autoComplete="current-password"
            registration={form.register('currentPassword')}
            error={errors.currentPassword}
            hint={<p className="text-xs text-zinc-500 dark:text-zinc-400">{apiKeysCardTexts.passwordHint}</p>}
            disabled={create.isPending}
          />
        </div>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          {create.isPending ? apiKeysCardTexts.creating : apiKeysCardTexts.create}
        </Button>
      </Form>
      <div
        role="note"
        aria-label={apiKeysCardTexts.revokedWhenTitle}
        className="text-sm text-zinc-600 dark:text-zinc-400"
      >
        <p className="font-medium text-zinc-900 dark:text-white">{apiKeysCardTexts.revokedWhenTitle}</p>
        <p>{apiKeyTexts.revokedWhen}</p>
      </div>
      <NewApiKeyDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words text-zinc-900 dark:text-white">{apiKey.name}</span>
          {revoked ? (
            <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
              Revoked
            </span>
          ) : (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
              Active
            </span>
          )}
        </p>
        <p className="font-mono text-sm text-zinc-600 dark:text-zinc-400">{apiKey.displayPrefix}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Created {formatDate(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `Last used ${formatDate(apiKey.lastUsedAt)}` : 'Never used'}
          {apiKey.revokedAt && ` · Revoked ${formatDate(apiKey.revokedAt)}`}
        </p>
      </div>
      {!revoked && (
        <Button
          variant="danger-outline"
          size="sm"
          aria-label={`Revoke ${apiKey.name}`}
          onClick={() => onRevoke(apiKey)}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

function KeyList() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [pending, setPending] = useState<ApiKey | null>(null);

  if (keys.isPending) {
    return (
      <div role="status" className="space-y-2 py-4">
        <span className="sr-only">{apiKeysCardTexts.loading}</span>
        {[0, 1].map((index) => (
          <div
            key={index}
            aria-hidden="true"
            className="h-14 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800"
          />
        ))}
      </div>
    );
  }
  if (keys.error) {
    return (
      <ListLoadError
        title={apiKeysCardTexts.loadFailed}
        error={keys.error}
        onRetry={() => void keys.refetch()}
      />
    );
  }
  if (keys.data.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{apiKeysCardTexts.empty}</p>
    );
  }
  return (
    <>
      <ul aria-label={apiKeysCardTexts.listLabel} className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {keys.data.map((key) => (
          <KeyRow key={key.id} apiKey={key} onRevoke={setPending} />
        ))}
      </ul>
      <ConfirmDeleteDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={`Revoke "${pending?.name ?? ''}"?`}
        description="Anything that uses this key stops working at once. This cannot be undone; you can create a new key at any time."
        confirmLabel="Revoke key"
        busyLabel="Revoking..."
        isDeleting={revoke.isPending}
        onConfirm={() => {
          if (!pending) return;
          revoke.mutate(pending.id, { onSettled: () => setPending(null) });
        }}
      />
    </>
  );
}

function UsingTheApi() {
  const example = curlExample(window.location.origin);
  return (
    <div className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-zinc-900 dark:text-white">Calling the API</h3>
        <a
          href="/api/docs"
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-rose-700 underline-offset-2 hover:underline dark:text-rose-300"
        >
          {apiKeysCardTexts.docs}
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Send the key in the <code className="font-mono">Authorization</code> header:
      </p>
      <pre
        aria-label="Example request with curl"
        className="overflow-x-auto rounded-lg bg-zinc-950 p-3 font-mono text-xs text-zinc-100"
      >
        <code>{example}</code>
      </pre>
      <CopyButton text={example} label="Copy example" />
    </div>
  );
}

/** docs/product.md#api-keys: personal API keys (Pro and admins); everyone else is told how to get them. */
export function ApiKeysCard({ user }: { user: User }) {
  const allowed = hasRight(user, 'apiAccess');
  return (
    <Card id="api" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" />{' '}
          {apiKeysCardTexts.title}
        </CardTitle>
        <CardDescription>
          {allowed ? apiKeysCardTexts.description : apiKeysCardTexts.notIncluded}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {allowed ? (
          <>
            <CreateKeyForm />
            <KeyList />
            <UsingTheApi />
          </>
        ) : (
          <Link to={checkoutPath('pro')} className={buttonClasses('outline')}>
            {apiKeysCardTexts.upgrade}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
