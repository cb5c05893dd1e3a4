import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAuthState } from '../../testing/auth-api-stub';
import { communityFactTexts } from '@app/shared/community-facts';
import { formatDate } from '../../lib/format/date-time';
import { localPostingTime } from './lib/community-format';
import { openPage, rowOf, stubCommunities } from './testing/page-helpers';

afterEach(resetAuthState);

describe('communities page', () => {
  it('shows the title, panel, eight columns, the count and the summary cards from the data', async () => {
    stubCommunities();
    const table = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reddit Communities' })).toBeInTheDocument();
    // One true number, from the data, in the header and the panel alike.
    expect(
      screen.getByText(
        /: 3 active communities, each with the chance your next post that follows its rules stays up for 24 hours, and its posting rules\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reddit Communities Database' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Browse 3 communities with success rates (the chance a post that follows the rules stays up for 24 hours), posting rules and the best times to post.',
      ),
    ).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Success Rate' })).toHaveAttribute(
      'title',
      'Success Rate: the chance your next post that follows the community’s rules stays up for 24 hours, from its rules, what happened to posts sent from here, and your own posts there.',
    );
    expect(screen.queryByText(/180\+|100\+/)).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Community',
      'Members',
      'Success Rate',
      'Engagement',
      'Category',
      'Verification',
      'Promotion',
      'Actions',
    ]);
    expect(screen.getByText('Showing 3 communities')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Summary' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Total Communities3',
      'Avg Engagement5.2%',
      'Allow Promotion2',
      'Require Verification1',
    ]);
    // Sorted by success rate; members formatted; N/A for a missing rate; colours by tone.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'r/gonewildGone Wild',
      'r/cosplaybuttsMissing on RedditCosplay',
      'r/fitgirlsFit Girls',
    ]);
    expect(within(rowOf(table, 'gonewild')).getByText('5.0M')).toBeInTheDocument();
    expect(within(rowOf(table, 'fitgirls')).getByText('12.5K')).toBeInTheDocument();
    expect(within(rowOf(table, 'cosplaybutts')).getByText('999')).toBeInTheDocument();
    expect(within(rowOf(table, 'gonewild')).getByText('92%')).toHaveAttribute('data-tone', 'success');
    expect(within(rowOf(table, 'cosplaybutts')).getByText('71%')).toHaveAttribute('data-tone', 'warning');
    expect(within(rowOf(table, 'fitgirls')).getByText('N/A')).toHaveAttribute('data-tone', 'unknown');
    const open = within(rowOf(table, 'gonewild')).getByRole('link', { name: /Open r\/gonewild on Reddit/ });
    expect(open).toHaveAttribute('href', 'https://www.reddit.com/r/gonewild');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('expands one row at a time, by row click or by its keyboard-reachable button', async () => {
    stubCommunities();
    const user = userEvent.setup();
    const table = await openPage();
    const toggle = (name: string) =>
      within(rowOf(table, name)).getByRole('button', { name: `Details for r/${name}` });

    await user.click(within(rowOf(table, 'gonewild')).getByText('Gone Wild'));
    expect(toggle('gonewild')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Requirements' })).toBeInTheDocument();

    toggle('fitgirls').focus();
    await user.keyboard('{Enter}');
    expect(toggle('fitgirls')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle('gonewild')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('region', { name: 'Requirements' })).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Performance' })).getByText('N/A')).toBeInTheDocument();

    await user.click(toggle('fitgirls'));
    expect(screen.queryByRole('region', { name: 'Requirements' })).not.toBeInTheDocument();
  });

  it('shows the six detail sections with limits, at most three times, rules and tags', async () => {
    stubCommunities();
    const user = userEvent.setup();
    const table = await openPage();
    await user.click(rowOf(table, 'gonewild'));
    const region = (name: string) => screen.getByRole('region', { name });
    const fact = (section: string, label: string) =>
      within(region(section)).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Requirements', 'Posting limits')).toBe('3/day (24h cooldown)');
    expect(fact('Requirements', 'Minimum karma')).toBe('100');
    expect(fact('Requirements', 'Account age')).toBe('30 days');
    expect(fact('Requirements', 'Verification')).toBe('Required');
    expect(fact('Requirements', 'Watermarks')).toBe('Not allowed');
    expect(fact('Requirements', 'Selling')).toBe('Not allowed');
    expect(fact('Intelligence', 'Competition')).toBe('Medium');
    expect(fact('Intelligence', 'Engagement')).toBe('3.5%');
    expect(fact('Performance', 'Success rate')).toBe('92%');
    expect(fact('Performance', 'Members')).toBe('5.0M');
    // One sentence says what the number is, then what moved it, as the server sent it.
    expect(
      within(region('Performance')).getByText(
        'Chance your next post that follows the rules stays up for 24 hours: 92% (likely between 80.5% and 98%), from 12 posts sent from here, 4 of them yours.',
      ),
    ).toBeInTheDocument();
    expect(
      within(within(region('Performance')).getByRole('list', { name: 'What moved it' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Your 4 posts here all stayed up',
      '12 posts by creators on this server: 11 stayed up, 1 removed by the moderators',
      'Verification required: posts from unverified accounts are usually removed',
    ]);
    const times = within(region('Best Posting Times')).getAllByRole('listitem');
    // Her three best times as the server computed them (the scheduler picks from the same), each in
    // the viewer's clock (the UTC time beside it unless that is UTC), and whose hours they are.
    expect(times.map((item) => item.textContent)).toEqual(
      ['20:00', '02:00', '01:00'].map((time) => {
        const local = localPostingTime(time);
        return local.endsWith('UTC') ? local : `${local}${time} UTC`;
      }),
    );
    expect(region('Best Posting Times')).toHaveTextContent(
      "In your time zone, best first. From the community's activity and your 4 posts here.",
    );
    expect(within(region('Community Rules')).getByText('Gender tag required')).toBeInTheDocument();
    expect(within(region('Community Rules')).getByText('Original content only')).toBeInTheDocument();
    expect(within(region('Tags')).getByText('#verified')).toBeInTheDocument();

    await user.click(rowOf(table, 'cosplaybutts'));
    expect(within(region('Best Posting Times')).getByText('No data')).toBeInTheDocument();
    // A server without the details still says what the number is.
    expect(
      within(region('Performance')).getByText(
        'Chance your next post that follows the rules stays up for 24 hours: 71%.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      /Missing on Reddit since .*r\/cosplaybutts may be banned/,
    );
  });

  it('says where each fact comes from, what removals taught, and when rules are only a shared text', async () => {
    stubCommunities();
    const user = userEvent.setup();
    const table = await openPage();
    await user.click(rowOf(table, 'fitgirls'));
    const region = (name: string) => screen.getByRole('region', { name });
    const fact = (section: string, label: string) =>
      within(region(section)).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    // Not the subreddit's published figure: learned, and said so.
    expect(fact('Requirements', 'Minimum karma')).toBe('likely about 100, learned from 14 posts');
    expect(fact('Requirements', 'Account age')).toBe('Unknown');
    expect(region('Requirements')).toHaveTextContent(communityFactTexts.learnedNote);
    expect(region('Requirements')).toHaveTextContent('Curated, not verified');
    expect(region('Performance')).toHaveTextContent(
      `Members: from Reddit, checked ${formatDate('2026-11-20T08:00:00.000Z')}`,
    );
    const rules = region('Community Rules');
    expect(rules).toHaveTextContent(communityFactTexts.sharedRules('fitgirls', 142));
    expect(within(rules).queryByText('Promote through your profile only')).not.toBeInTheDocument();
    expect(within(rules).getByRole('link', { name: "r/fitgirls's rules on Reddit" })).toHaveAttribute(
      'href',
      'https://www.reddit.com/r/fitgirls/about/rules',
    );
    // Title rules: the curated list's.
    expect(rules).toHaveTextContent('Curated, not verified');
  });
});
