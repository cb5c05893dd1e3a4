import { Fragment } from 'react';
import { successTexts } from '@app/shared/community-score';
import { communitiesTexts } from '@app/shared/messages';
import { cn } from '../../../components/ui/cn';
import type { ListedCommunity } from '../api/get-communities';
import { formatEngagement, formatMembers, humanize } from '../lib/community-format';
import { CommunityActions, detailsIdOf } from './community-actions';
import { PromotionBadge, SuccessRate, VerificationBadge } from './community-badges';
import { CommunityDetails } from './community-details';
import { CommunityName } from './community-name';

export interface CommunityListProps {
  communities: ListedCommunity[];
  expandedId: string | null;
  onToggle: (communityId: string) => void;
}

const headClasses =
  'px-4 py-3 whitespace-nowrap text-left text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400';
const columnWidths = ['w-[19%]', 'w-[8%]', 'w-[11%]', 'w-[10%]', 'w-[11%]', 'w-[11%]', 'w-[9%]', 'w-[21%]'];
const cellClasses = 'px-4 py-3 align-middle';

/** docs/product.md#communities: the eight columns; clicking a row (or its Details button) opens its detail row. */
export function CommunitiesTable({ communities, expandedId, onToggle }: CommunityListProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[64rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">{communitiesTexts.databaseTitle}</caption>
        {/* Fixed widths: opening a detail row must not make the columns jump. */}
        <colgroup>
          {columnWidths.map((width, index) => (
            <col key={index} className={width} />
          ))}
        </colgroup>
        <thead className="border-b border-zinc-200 bg-zinc-50/80 dark:border-zinc-800 dark:bg-zinc-950/40">
          <tr>
            {communitiesTexts.columns.map((column) => (
              <th
                key={column}
                scope="col"
                // The spec's column name stays; its help says what the number is the chance of.
                title={column === 'Success Rate' ? successTexts.columnHelp : undefined}
                className={cn(headClasses, column === 'Actions' && 'text-right')}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {communities.map((community) => {
            const expanded = community.id === expandedId;
            return (
              <Fragment key={community.id}>
                <tr
                  onClick={() => onToggle(community.id)}
                  className={cn(
                    'cursor-pointer transition-colors hover:bg-rose-50/50 dark:hover:bg-zinc-800/50',
                    expanded && 'bg-rose-50/60 dark:bg-zinc-800/60',
                  )}
                >
                  <td className={cellClasses}>
                    <CommunityName community={community} />
                  </td>
                  <td className={cn(cellClasses, 'tabular-nums')}>{formatMembers(community.members)}</td>
                  <td className={cellClasses}>
                    <SuccessRate value={community.successProbability} />
                  </td>
                  <td className={cn(cellClasses, 'tabular-nums')}>
                    {formatEngagement(community.engagementRate)}
                  </td>
                  <td className={cellClasses}>{humanize(community.category)}</td>
                  <td className={cellClasses}>
                    <VerificationBadge required={community.verificationRequired} />
                  </td>
                  <td className={cellClasses}>
                    <PromotionBadge value={community.promotionAllowed} />
                  </td>
                  <td className={cellClasses}>
                    <CommunityActions
                      name={community.name}
                      expanded={expanded}
                      detailsId={detailsIdOf(community.id)}
                      onToggle={() => onToggle(community.id)}
                    />
                  </td>
                </tr>
                {expanded && (
                  <tr id={detailsIdOf(community.id)} className="bg-zinc-50 dark:bg-zinc-950/60">
                    <td colSpan={communitiesTexts.columns.length} className="px-4 py-5">
                      <CommunityDetails community={community} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
