import { TriangleAlert } from 'lucide-react';
import { bestTimesNote } from '@app/shared/best-times';
import { communityFactTexts } from '@app/shared/community-facts';
import { communitiesTexts } from '@app/shared/messages';
import type { ListedCommunity } from '../api/get-communities';
import { bestPostingTimes, localPostingTime } from '../lib/community-format';
import { DetailSection, TextList } from './detail-section';
import { FactSourceNote } from './fact-source';
import { IntelligenceSection, PerformanceSection, RequirementsSection } from './fact-sections';
import { formatDate } from '../../../lib/format/date-time';

const [, , postingTimesTitle, , rulesTitle, tagsTitle] = communitiesTexts.detailSections;
const muted = 'text-sm text-zinc-500 dark:text-zinc-400';
const subheading = 'mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400';

/**
 * docs/product.md#communities: three times, in the viewer's clock with the UTC time beside it: her
 * best times here when the server sent them (the same the scheduler's "Best time" picks from), and
 * whose hours they are.
 */
function PostingTimesSection({ community }: { community: ListedCommunity }) {
  const best = community.bestTimes;
  const shown = best ? best.times : bestPostingTimes(community.bestPostingTimes);
  return (
    <DetailSection title={postingTimesTitle}>
      {shown.length === 0 ? (
        <p className={muted}>{communitiesTexts.noData}</p>
      ) : (
        <>
          <ol className="space-y-1.5 text-sm">
            {shown.map((time) => {
              const local = localPostingTime(time);
              return (
                <li key={time} className="flex justify-between gap-3">
                  <span className="font-medium text-zinc-900 dark:text-zinc-100">{local}</span>
                  {/* A viewer on UTC already reads the UTC time. */}
                  {!local.endsWith('UTC') && (
                    <span className="text-zinc-500 tabular-nums dark:text-zinc-400">{time} UTC</span>
                  )}
                </li>
              );
            })}
          </ol>
          <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
            In your time zone, best first. {best && bestTimesNote(best)}
          </p>
        </>
      )}
    </DetailSection>
  );
}

/** docs/product.md#communities: the expanded row's six sections, with a warning first when Reddit reports the community gone. */
export function CommunityDetails({ community }: { community: ListedCommunity }) {
  const { rules, facts } = community;
  return (
    <div className="space-y-4">
      {community.missingSince && (
        <p
          role="note"
          className="flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Missing on Reddit since {formatDate(community.missingSince)}: r/{community.name} may be banned,
          private or deleted. Check it on Reddit before you post.
        </p>
      )}
      {community.description && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{community.description}</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <RequirementsSection community={community} />
        <IntelligenceSection community={community} />
        <PostingTimesSection community={community} />
        <PerformanceSection community={community} />
        <DetailSection title={rulesTitle} className="sm:col-span-2">
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <h4 className={subheading}>Title rules</h4>
              <TextList items={rules.titleRules} empty="None listed" />
              <FactSourceNote source={facts?.sources.titleRules} community={community} />
            </div>
            <div>
              <h4 className={subheading}>Content rules</h4>
              {facts?.sharedContentRules ? (
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {communityFactTexts.sharedRules(community.name, facts.sharedContentRules)}{' '}
                  <a
                    href={`https://www.reddit.com/r/${community.name}/about/rules`}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="font-medium text-rose-700 underline underline-offset-2 dark:text-rose-300"
                  >
                    r/{community.name}'s rules on Reddit
                  </a>
                </p>
              ) : (
                <>
                  <TextList items={rules.contentRules} empty="None listed" />
                  <FactSourceNote source={facts?.sources.contentRules} community={community} />
                </>
              )}
            </div>
          </div>
          {!facts && community.lastVerifiedAt && (
            <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
              Rules last checked {formatDate(community.lastVerifiedAt)}.
            </p>
          )}
        </DetailSection>
        <DetailSection title={tagsTitle} className="sm:col-span-2 lg:col-span-3">
          {community.tags.length === 0 ? (
            <p className={muted}>No tags</p>
          ) : (
            <ul className="flex flex-wrap gap-1.5">
              {community.tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-medium text-rose-700 dark:bg-rose-500/15 dark:text-rose-300"
                >
                  #{tag}
                </li>
              ))}
            </ul>
          )}
        </DetailSection>
      </div>
    </div>
  );
}
