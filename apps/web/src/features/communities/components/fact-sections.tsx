import { MoveRight, TrendingDown, TrendingUp } from 'lucide-react';
import { communityFactTexts } from '@app/shared/community-facts';
import { successTexts } from '@app/shared/community-score';
import { communitiesTexts } from '@app/shared/messages';
import type { ListedCommunity } from '../api/get-communities';
import {
  formatEngagement,
  formatMembers,
  formatSuccessRate,
  humanize,
  postingLimitTexts,
} from '../lib/community-format';
import { SuccessRate } from './community-badges';
import { DetailSection, Facts } from './detail-section';
import { countOf } from '../../../lib/format/plural';
import { FactSourceNote, factSourceText } from './fact-source';

type Props = { community: ListedCommunity };

const [requirementsTitle, intelligenceTitle, , performanceTitle] = communitiesTexts.detailSections;
const unknown = 'Unknown';

const trends = {
  up: { label: 'Growing', Icon: TrendingUp },
  down: { label: 'Shrinking', Icon: TrendingDown },
  stable: { label: 'Stable', Icon: MoveRight },
} as const;

function postingLimits(limits: ListedCommunity['postingLimits']): string {
  const { perDay, cooldown } = postingLimitTexts(limits);
  return [perDay, cooldown].filter(Boolean).join(' ') || 'None stated';
}

/**
 * What a poster's account needs, and what the community allows. Null rules mean nobody knows yet,
 * unless its moderators' removals showed a threshold (never shown as the subreddit's own rule).
 */
export function RequirementsSection({ community }: Props) {
  const { rules } = community;
  const learned = community.facts?.learned;
  const watermarks =
    rules.watermarksAllowed === null ? unknown : rules.watermarksAllowed ? 'Allowed' : 'Not allowed';
  const karma =
    rules.minKarma?.toLocaleString() ??
    (learned?.minKarma ? communityFactTexts.learnedKarma(learned.minKarma) : unknown);
  const age =
    rules.minAccountAge === null
      ? learned?.minAccountAgeDays
        ? communityFactTexts.learnedAge(learned.minAccountAgeDays)
        : unknown
      : countOf(rules.minAccountAge, { one: 'day', other: 'days' });
  return (
    <DetailSection title={requirementsTitle}>
      <Facts
        facts={[
          { label: 'Minimum karma', value: karma },
          { label: 'Account age', value: age },
          { label: 'Verification', value: community.verificationRequired ? 'Required' : 'Not required' },
          { label: 'Watermarks', value: watermarks },
          { label: 'Selling', value: humanize(rules.sellingAllowed) },
          { label: 'Posting limits', value: postingLimits(community.postingLimits) },
        ]}
      />
      {(learned?.minKarma || learned?.minAccountAgeDays) && (
        <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">{communityFactTexts.learnedNote}</p>
      )}
      {/* Reddit publishes none of these: they are the curated list's (or learned, as said). */}
      <FactSourceNote source={community.facts ? 'curated' : undefined} community={community} />
    </DetailSection>
  );
}

export function IntelligenceSection({ community }: Props) {
  const { label, Icon } = trends[community.growthTrend];
  return (
    <DetailSection title={intelligenceTitle}>
      <Facts
        facts={[
          { label: 'Competition', value: humanize(community.competitionLevel) },
          { label: 'Mod activity', value: humanize(community.modActivity) },
          {
            label: 'Growth trend',
            value: (
              <span className="inline-flex items-center gap-1">
                <Icon aria-hidden="true" className="size-4 text-rose-500" />
                {label}
              </span>
            ),
          },
          { label: 'Engagement', value: formatEngagement(community.engagementRate) },
        ]}
      />
    </DetailSection>
  );
}

export function PerformanceSection({ community }: Props) {
  return (
    <DetailSection title={performanceTitle}>
      <Facts
        facts={[
          { label: 'Success rate', value: <SuccessRate value={community.successProbability} /> },
          {
            label: 'Average upvotes',
            value: community.averageUpvotes?.toLocaleString() ?? communitiesTexts.notAvailable,
          },
          { label: 'Members', value: formatMembers(community.members) },
        ]}
      />
      {community.facts && (
        <p className="mt-1 text-right text-xs text-zinc-500 dark:text-zinc-400">
          Members: {factSourceText(community.facts.sources.members, community)}
        </p>
      )}
      <SuccessExplanation community={community} />
    </DetailSection>
  );
}

/** What the success rate is, in one sentence, and the facts that moved it (docs/communities-scoring.md). */
function SuccessExplanation({ community }: Props) {
  const { success, successProbability } = community;
  if (successProbability === null) return null;
  if (!success)
    return (
      <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
        {successTexts.definition}: {formatSuccessRate(successProbability)}.
      </p>
    );
  return (
    <div className="mt-3 space-y-2 text-xs text-zinc-500 dark:text-zinc-400">
      <p>
        {successTexts.sentence(
          formatSuccessRate(successProbability),
          formatSuccessRate(success.low),
          formatSuccessRate(success.high),
          success.posts,
          success.ownPosts,
        )}
      </p>
      <ul aria-label="What moved it" className="list-disc space-y-1 pl-4">
        {success.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}
