import { communitiesTexts } from '@app/shared/messages';
import { cn } from '../../../components/ui/cn';
import { formatEngagement, formatMembers, humanize } from '../lib/community-format';
import { CommunityActions, detailsIdOf } from './community-actions';
import { PromotionBadge, SuccessRate, VerificationBadge } from './community-badges';
import { CommunityDetails } from './community-details';
import { CommunityName } from './community-name';
import type { CommunityListProps } from './communities-table';

const [, members, successRate, engagement, category, verification, promotion] = communitiesTexts.columns;

/** Below md the table becomes one card per community: the same figures and the same expand behaviour. */
export function CommunityCards({ communities, expandedId, onToggle }: CommunityListProps) {
  return (
    <ul aria-label={communitiesTexts.databaseTitle} className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {communities.map((community) => {
        const expanded = community.id === expandedId;
        return (
          <li key={community.id}>
            <article
              aria-label={`r/${community.name}`}
              onClick={() => onToggle(community.id)}
              className={cn('cursor-pointer space-y-3 p-4', expanded && 'bg-rose-50/60 dark:bg-zinc-800/40')}
            >
              <CommunityName community={community} />
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {[
                  [successRate, <SuccessRate key="rate" value={community.successProbability} />],
                  [members, formatMembers(community.members)],
                  [engagement, formatEngagement(community.engagementRate)],
                  [category, humanize(community.category)],
                  [
                    verification,
                    <VerificationBadge key="verification" required={community.verificationRequired} />,
                  ],
                  [promotion, <PromotionBadge key="promotion" value={community.promotionAllowed} />],
                ].map(([label, value]) => (
                  <div key={String(label)} className="min-w-0">
                    <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
                    <dd className="mt-0.5 font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
              <CommunityActions
                name={community.name}
                expanded={expanded}
                detailsId={detailsIdOf(community.id)}
                onToggle={() => onToggle(community.id)}
              />
            </article>
            {expanded && (
              <div id={detailsIdOf(community.id)} className="bg-zinc-50 px-4 pt-1 pb-5 dark:bg-zinc-950/60">
                <CommunityDetails community={community} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
