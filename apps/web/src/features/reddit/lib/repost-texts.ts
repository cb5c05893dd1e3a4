import { repostLimits } from '@app/shared/reposts';

/** Texts of the repost screens; the server's messages come from @app/shared/reposts. */
export const repostPageTexts = {
  open: 'Repost every N days',
  openFor: (what: string) => `Repost every N days: ${what}`,
  dialogTitle: 'Repost every N days',
  dialogText:
    'The same photo goes to these subreddits again and again, each time with a fresh protected copy and the next title in turn. It stops by itself if a post is removed or Reddit slows your account down.',
  everyLabel: 'Repost every',
  everyHint: `Most subreddits refuse the same picture more often than weekly; ${repostLimits.everyDays.default} days is the safe default.`,
  days: (n: number) => `${n} days`,
  subredditsLabel: 'Subreddits',
  titlesLabel: 'Titles, used in turn',
  titlesHint: 'The original title first. Each round moves every subreddit on to the next title.',
  titleLabel: (n: number) => `Title ${n}`,
  removeTitle: (n: number) => `Remove title ${n}`,
  addTitle: 'Add a title',
  save: 'Start reposting',
  saving: 'Starting…',
  cancel: 'Cancel',
  pickSubreddit: 'Pick at least one subreddit.',
  needTitle: 'Keep at least one title, and no empty ones.',
  listTitle: 'Reposts',
  listEmpty: 'No recurring reposts yet. Use “Repost every N days” on a sent post or a campaign.',
  listFailed: 'Your reposts could not be loaded. Try again in a moment.',
  every: (n: number) => `Every ${n} days`,
  nextRun: 'Next round',
  rounds: (n: number) => (n === 1 ? '1 round so far' : `${n} rounds so far`),
  statusNames: { active: 'Active', stopped: 'Stopped' },
  stop: 'Stop',
  resume: 'Resume',
  actionFailed: 'That did not work',
} as const;
