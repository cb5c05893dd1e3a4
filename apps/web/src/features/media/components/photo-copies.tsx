import { Trash2 } from 'lucide-react';
import type { PhotoCopy } from '@app/shared/leak-trace';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format/date-time';
import { formatKilobytes } from '../../../lib/format/size';
import { useDeletePhotoCopy, usePhotoCopies } from '../api/photo-copies';

function CopyPosts({ posts }: { posts: PhotoCopy['posts'] }) {
  if (posts.length === 0) return <p className="text-xs text-zinc-600 dark:text-zinc-400">Not posted.</p>;
  return (
    <ul className="flex flex-col gap-1 text-xs text-zinc-700 dark:text-zinc-300">
      {posts.map((post, index) => (
        <li key={post.postId ?? index}>
          {post.postUrl ? (
            <a
              href={post.postUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="underline underline-offset-2"
            >
              r/{post.subreddit}
            </a>
          ) : (
            <>r/{post.subreddit}</>
          )}
          {post.redditAccount && <> from u/{post.redditAccount}</>}
          {post.sentAt ? <> on {formatDate(post.sentAt)}</> : <> (not sent yet)</>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The photo's ImageShield copies: the current one and the earlier ones protecting again kept, each
 * with where it was posted. An earlier copy can be deleted to free its storage; it stays traceable.
 */
export function PhotoCopies({ assetId, disabled }: { assetId: string; disabled: boolean }) {
  const copies = usePhotoCopies(assetId, true);
  const remove = useDeletePhotoCopy(assetId);
  if (copies.isPending) return null;
  if (copies.isError)
    return (
      <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
        The copies of this photo could not be loaded.
      </p>
    );
  const list = copies.data.copies;
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={`copies-${assetId}`} className="mt-6">
      <h3 id={`copies-${assetId}`} className="text-sm font-semibold text-zinc-900 dark:text-white">
        Copies of this photo
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {list.map((copy) => (
          <li
            key={copy.copyId}
            className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 sm:flex-row sm:items-start sm:justify-between dark:border-zinc-800"
          >
            <div className="min-w-0">
              <p className="text-sm font-medium text-zinc-900 dark:text-white">
                {copy.current
                  ? 'Current copy'
                  : copy.fileDeleted
                    ? 'Earlier copy (file deleted)'
                    : 'Earlier copy'}
                <span className="font-normal text-zinc-600 dark:text-zinc-400">
                  {' '}
                  · made {formatDate(copy.madeAt)}
                  {!copy.fileDeleted && <> · {formatKilobytes(copy.bytes)}</>}
                </span>
              </p>
              <CopyPosts posts={copy.posts} />
            </div>
            {!copy.current && !copy.fileDeleted && (
              <Button
                variant="danger-outline"
                size="sm"
                disabled={disabled || remove.isPending}
                aria-label={`Delete the earlier copy made ${formatDate(copy.madeAt)}`}
                onClick={() => remove.mutate(copy.copyId)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
