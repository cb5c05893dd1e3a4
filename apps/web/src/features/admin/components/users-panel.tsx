import { useState } from 'react';
import { Search } from 'lucide-react';
import { ListLoadError } from '../../../components/list-load-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PagedListEnd } from '../../../components/paged-list-end';
import { loadedUsers, useAdminUsers } from '../api/admin-users';
import { fieldClass } from './confirm-action-dialog';
import { UserDetailDialog } from './user-detail-dialog';
import { RoleBadge, UserStatusBadges } from './user-status';
import { AdminTableHead } from './admin-table';
import { countOf } from '../../../lib/format/plural';

export const usersPanelTexts = {
  searchLabel: 'Search users',
  searchPlaceholder: 'Name, username or e-mail',
  empty: 'No users match this search.',
  loadError: 'Users could not be loaded',
} as const;

export function UsersPanel() {
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useDebouncedValue(search.trim(), 300);
  const users = useAdminUsers(q);
  const { users: rows, total } = loadedUsers(users.data);

  return (
    <Card className="p-0">
      <div className="flex flex-wrap items-center gap-3 border-b border-zinc-200 p-4 dark:border-zinc-800">
        <label className="relative min-w-64 flex-1">
          <span className="sr-only">{usersPanelTexts.searchLabel}</span>
          <Search aria-hidden="true" className="absolute top-2.5 left-3 size-4 text-zinc-400" />
          <input
            type="search"
            className={`${fieldClass} pl-9`}
            placeholder={usersPanelTexts.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        {users.data ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
            {countOf(total, { one: 'user', other: 'users' })}
          </p>
        ) : null}
      </div>

      {users.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner label="Loading users" />
        </div>
      ) : users.isError && !users.data ? (
        <ListLoadError
          title={usersPanelTexts.loadError}
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="p-10 text-center text-sm text-zinc-600 dark:text-zinc-400">{usersPanelTexts.empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <AdminTableHead columns={['User', 'Tier', 'Role', 'Status']} actionsLabel="Actions" />
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {rows.map((user) => (
                <tr key={user.id}>
                  <td className="px-4 py-3">
                    <div className="font-medium text-zinc-900 dark:text-white">{user.username}</div>
                    <div className="text-zinc-600 dark:text-zinc-400">{user.email}</div>
                    {user.displayName ? (
                      <div className="text-xs text-zinc-500">{user.displayName}</div>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 capitalize">{user.tier}</td>
                  <td className="px-4 py-3">
                    <RoleBadge user={user} />
                  </td>
                  <td className="px-4 py-3">
                    <UserStatusBadges user={user} />
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setOpenId(user.id)}
                      aria-label={`Manage ${user.username}`}
                    >
                      Manage
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {users.hasNextPage || users.isFetchNextPageError ? (
        <div className="border-t border-zinc-200 p-3 dark:border-zinc-800">
          <PagedListEnd
            list={users}
            label="Load more users"
            loadingLabel="Loading more users..."
            failedText="More users could not be loaded. Check your connection and press the button again."
          />
        </div>
      ) : null}

      <UserDetailDialog userId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
