import { useState } from 'react';
import { Search } from 'lucide-react';
import { promotionPolicies, type Community } from '@app/shared/communities';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { ListLoadError } from '../../../components/list-load-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  importProblemLines,
  useAdminCommunities,
  useDeleteCommunity,
  useEditCommunity,
  useImportCommunities,
  type CommunityEdit,
} from '../api/admin-communities';
import { fieldClass, labelClass } from './confirm-action-dialog';
import { AdminTableHead } from './admin-table';

/** The communities database: search, edit the main facts, remove, and import a CSV or JSON file. */
export function CommunitiesPanel() {
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Community | null>(null);
  const [removing, setRemoving] = useState<Community | null>(null);
  const communities = useAdminCommunities(useDebouncedValue(search.trim(), 300));
  const remove = useDeleteCommunity();

  return (
    <div className="space-y-6">
      <Card className="p-0">
        <div className="border-b border-zinc-200 p-4 dark:border-zinc-800">
          <label className="relative block">
            <span className="sr-only">Search communities</span>
            <Search aria-hidden="true" className="absolute top-2.5 left-3 size-4 text-zinc-400" />
            <input
              type="search"
              className={`${fieldClass} pl-9`}
              placeholder="Community name or description"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
        </div>
        {communities.isPending ? (
          <div className="flex justify-center p-10">
            <Spinner label="Loading communities" />
          </div>
        ) : communities.isError ? (
          <ListLoadError
            title="Communities could not be loaded"
            error={communities.error}
            onRetry={() => void communities.refetch()}
          />
        ) : communities.data.length === 0 ? (
          <p className="p-10 text-center text-sm text-zinc-600 dark:text-zinc-400">
            No communities match this search.
          </p>
        ) : (
          <div className="max-h-[32rem] overflow-auto">
            <table className="w-full text-left text-sm">
              <AdminTableHead
                columns={['Community', 'Category', 'Members', 'Promotion']}
                actionsLabel="Actions"
              />
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {communities.data.map((community) => (
                  <tr key={community.id}>
                    <td className="px-4 py-2">
                      <div className="font-medium">r/{community.name}</div>
                      <div className="text-xs text-zinc-500">{community.displayName}</div>
                    </td>
                    <td className="px-4 py-2">{community.category}</td>
                    <td className="px-4 py-2">{community.members.toLocaleString()}</td>
                    <td className="px-4 py-2">{community.promotionAllowed}</td>
                    <td className="px-4 py-2 text-right whitespace-nowrap">
                      <Button size="sm" variant="outline" onClick={() => setEditing(community)}>
                        Edit
                      </Button>{' '}
                      <Button size="sm" variant="danger-outline" onClick={() => setRemoving(community)}>
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <ImportCard />
      <EditCommunityDialog community={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove r/${removing?.name ?? ''}?`}
        description="It disappears from every user's list. Adding or importing the same name brings it back."
        confirmLabel="Remove"
        busyLabel="Removing…"
        isDeleting={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
    </div>
  );
}

function EditCommunityDialog({ community, onClose }: { community: Community | null; onClose: () => void }) {
  const edit = useEditCommunity();
  return (
    <Dialog open={community !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Edit r/{community?.name}</DialogTitle>
        <DialogDescription>Only the fields you change are saved.</DialogDescription>
        {community ? (
          <form
            className="mt-4 space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              const patch: CommunityEdit = {
                displayName: String(form.get('displayName')),
                description: String(form.get('description')),
                members: Number(form.get('members')),
                engagementRate: Number(form.get('engagementRate')),
                promotionAllowed: String(form.get('promotionAllowed')) as Community['promotionAllowed'],
                verificationRequired: form.get('verificationRequired') === 'on',
              };
              edit.mutate({ id: community.id, patch }, { onSuccess: onClose });
            }}
          >
            <label className={labelClass}>
              Display name
              <input
                name="displayName"
                className={`${fieldClass} mt-1`}
                defaultValue={community.displayName}
                required
                maxLength={100}
              />
            </label>
            <label className={labelClass}>
              Description
              <textarea
                name="description"
                className={`${fieldClass} mt-1`}
                defaultValue={community.description}
                maxLength={2000}
              />
            </label>
            <div className="grid grid-cols-2 gap-3">
              <label className={labelClass}>
                Members
                <input
                  name="members"
                  type="number"
                  min={0}
                  step={1}
                  className={`${fieldClass} mt-1`}
                  defaultValue={community.members}
                />
              </label>
              <label className={labelClass}>
                Engagement %
                <input
                  name="engagementRate"
                  type="number"
                  min={0}
                  max={100}
                  step="0.01"
                  className={`${fieldClass} mt-1`}
                  defaultValue={community.engagementRate}
                />
              </label>
            </div>
            <label className={labelClass}>
              Promotion allowed
              <select
                name="promotionAllowed"
                className={`${fieldClass} mt-1`}
                defaultValue={community.promotionAllowed}
              >
                {promotionPolicies.map((policy) => (
                  <option key={policy} value={policy}>
                    {policy}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                name="verificationRequired"
                type="checkbox"
                defaultChecked={community.verificationRequired}
              />
              Verification required
            </label>
            <div className="flex justify-end gap-2 pt-2">
              <Button variant="outline" onClick={onClose} disabled={edit.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={edit.isPending}>
                {edit.isPending ? 'Saving…' : 'Save'}
              </Button>
            </div>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ImportCard() {
  const [text, setText] = useState('');
  const importer = useImportCommunities();
  const problems = importProblemLines(importer.error);
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold">Import communities</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Paste CSV (with a header row) or JSON, or choose a file. All rows are checked first: nothing is
        imported unless every row is valid. Existing names are updated.
      </p>
      <input
        type="file"
        accept=".csv,.json,text/csv,application/json"
        aria-label="Import file"
        className="mt-3 block text-sm"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (file) setText(await file.text());
        }}
      />
      <textarea
        aria-label="Import data"
        className={`${fieldClass} mt-3 h-32 font-mono`}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {problems.length ? (
        <ul role="alert" className="mt-2 list-disc pl-5 text-sm text-red-700 dark:text-red-300">
          {problems.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex justify-end">
        <Button disabled={!text.trim() || importer.isPending} onClick={() => importer.mutate(text)}>
          {importer.isPending ? 'Importing…' : 'Import'}
        </Button>
      </div>
    </Card>
  );
}
