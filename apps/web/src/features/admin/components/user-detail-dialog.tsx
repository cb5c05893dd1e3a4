import { useState, type ReactNode } from 'react';
import { adminTexts, maxSuspensionDays, type AdminUser } from '@app/shared/admin';
import { isAdminUser, isSuspended, tiers, type Tier } from '@app/shared/user';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { userFacingMessage } from '../../../lib/request';
import { useAdminUser, useAdminUserAction, type AdminUserAction } from '../api/admin-users';
import { AuditEntryList } from './audit-entry-list';
import { ConfirmActionDialog, fieldClass, labelClass } from './confirm-action-dialog';
import { RoleBadge, UserStatusBadges } from './user-status';
import { formatDateTime } from '../../../lib/format/date-time';

type Asking = 'ban' | 'suspend' | 'tier' | null;

/** The value of a datetime-local input, which has no zone: the admin's local time. */
const localInputValue = (date: Date) => {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};

export function UserDetailDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const detail = useAdminUser(userId);
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        {detail.isPending ? (
          <>
            <DialogTitle>User</DialogTitle>
            <div className="flex justify-center p-8">
              <Spinner label="Loading user" />
            </div>
          </>
        ) : detail.isError ? (
          <>
            <DialogTitle>User</DialogTitle>
            <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
              {userFacingMessage(detail.error)}
            </p>
          </>
        ) : (
          <UserDetail
            user={detail.data.user}
            audit={<AuditEntryList entries={detail.data.audit} showTarget={false} />}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function UserDetail({ user, audit }: { user: AdminUser; audit: ReactNode }) {
  const action = useAdminUserAction(user.id);
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  // Fixed when the dialog opens, not at every render.
  const [untilBounds, setUntilBounds] = useState({ min: '', max: '' });
  const [tier, setTier] = useState<Tier>(user.tier);
  const protectedAccount = isAdminUser(user);
  const run = (next: AdminUserAction) => action.mutate(next, { onSuccess: () => setAsking(null) });
  const ask = (which: Asking) => {
    setReason('');
    if (which === 'suspend') {
      const now = new Date();
      setUntil(localInputValue(new Date(now.getTime() + 7 * 86_400_000)));
      setUntilBounds({
        min: localInputValue(now),
        max: localInputValue(new Date(now.getTime() + maxSuspensionDays * 86_400_000)),
      });
    }
    setAsking(which);
  };

  return (
    <>
      <DialogTitle>{user.username}</DialogTitle>
      <DialogDescription>
        {user.email}
        {user.displayName ? ` · ${user.displayName}` : ''}
      </DialogDescription>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-zinc-500">Tier</dt>
          <dd className="capitalize">{user.tier}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">Role</dt>
          <dd>
            <RoleBadge user={user} />
          </dd>
        </div>
        <div>
          <dt className="text-zinc-500">Joined</dt>
          <dd>{formatDateTime(user.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">Source</dt>
          <dd>{user.signupSource ?? '—'}</dd>
        </div>
        <div className="col-span-2 sm:col-span-4">
          <dt className="text-zinc-500">Status</dt>
          <dd>
            <UserStatusBadges user={user} />
          </dd>
        </div>
      </dl>

      <h3 className="mt-6 text-sm font-semibold">Actions</h3>
      {protectedAccount ? (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{adminTexts.otherAdmin}</p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {user.bannedAt ? (
          <Button
            size="sm"
            variant="outline"
            disabled={action.isPending}
            onClick={() => run({ kind: 'unban' })}
          >
            Unban
          </Button>
        ) : (
          <Button size="sm" variant="danger-outline" disabled={protectedAccount} onClick={() => ask('ban')}>
            Ban
          </Button>
        )}
        {isSuspended(user) ? (
          <Button
            size="sm"
            variant="outline"
            disabled={action.isPending}
            onClick={() => run({ kind: 'unsuspend' })}
          >
            Lift suspension
          </Button>
        ) : (
          <Button
            size="sm"
            variant="danger-outline"
            disabled={protectedAccount}
            onClick={() => ask('suspend')}
          >
            Suspend
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={protectedAccount}
          onClick={() => {
            setTier(user.tier);
            ask('tier');
          }}
        >
          Change tier
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={action.isPending || user.mustChangePassword}
          onClick={() => run({ kind: 'force-password-change' })}
        >
          Force password change
        </Button>
        {!user.emailVerified ? (
          <Button
            size="sm"
            variant="outline"
            disabled={action.isPending}
            onClick={() => run({ kind: 'resend-verification' })}
          >
            Resend verification
          </Button>
        ) : null}
      </div>

      <h3 className="mt-6 text-sm font-semibold">Audit log</h3>
      {audit}

      <ConfirmActionDialog
        open={asking === 'ban'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Ban ${user.username}?`}
        description={`They are signed out everywhere and see "${adminTexts.bannedGate}" until unbanned.`}
        confirmLabel="Ban user"
        danger
        busy={action.isPending}
        canConfirm={reason.trim().length > 0}
        onConfirm={() => run({ kind: 'ban', reason: reason.trim() })}
      >
        <ReasonField value={reason} onChange={setReason} />
      </ConfirmActionDialog>

      <ConfirmActionDialog
        open={asking === 'suspend'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Suspend ${user.username}?`}
        description={`Posting and community features are blocked until the date you choose (at most ${maxSuspensionDays} days).`}
        confirmLabel="Suspend user"
        danger
        busy={action.isPending}
        canConfirm={reason.trim().length > 0 && until !== ''}
        onConfirm={() =>
          run({ kind: 'suspend', until: new Date(until).toISOString(), reason: reason.trim() })
        }
      >
        <label className={labelClass}>
          Suspended until
          <input
            type="datetime-local"
            className={`${fieldClass} mt-1`}
            required
            min={untilBounds.min}
            max={untilBounds.max}
            value={until}
            onChange={(event) => setUntil(event.target.value)}
          />
        </label>
        <ReasonField value={reason} onChange={setReason} />
      </ConfirmActionDialog>

      <ConfirmActionDialog
        open={asking === 'tier'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Change ${user.username}'s tier?`}
        description={adminTexts.tierNote}
        confirmLabel="Change tier"
        busy={action.isPending}
        canConfirm={tier !== user.tier}
        onConfirm={() => run({ kind: 'tier', tier })}
      >
        <label className={labelClass}>
          Tier
          <select
            className={`${fieldClass} mt-1 capitalize`}
            value={tier}
            onChange={(event) => setTier(event.target.value as Tier)}
          >
            {tiers.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </ConfirmActionDialog>
    </>
  );
}

/** The reason an admin gives for a ban or a suspension; it is kept in the audit log. */
function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <label className={labelClass}>
      Reason
      <textarea
        className={`${fieldClass} mt-1`}
        maxLength={500}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
