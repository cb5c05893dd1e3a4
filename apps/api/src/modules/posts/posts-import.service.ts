import { spacingLimits } from '@app/shared/campaigns';
import { campaignSubredditLimitFor } from '@app/shared/plans';
import { scheduleTexts, subredditField, titleField, type PostProblem } from '@app/shared/posts';
import { maxFirstCommentLength, firstCommentTexts } from '@app/shared/posts-first-comment';
import {
  csvImportErrorCodes,
  csvImportTexts,
  csvLocalTimePattern,
  type CsvImportCheckResponse,
  type CsvImportColumn,
  type CsvImportProblem,
  type CsvImportRow,
} from '@app/shared/posts-import';
import { z } from 'zod';
import type { MediaAssetRow, RedditAccountRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { accountPostTimes } from '../campaigns/campaigns.repo.js';
import { mapLimited } from '../campaigns/campaigns.service.js';
import { spacingConflict, type PlacedPost, type SubredditPace } from '../campaigns/spacing.js';
import { kindOf } from '../media/media-asset.js';
import { checkCommunityLimits } from './post-checks.js';
import { findOwnAssetsByNameOrId, insertImportedPosts } from './posts-import.repo.js';
import { withTrackedLinks } from './scheduled-posts.service.js';
import { formulaStart, parseCsv, zonedTime, type CsvRow } from './posts-import.csv.js';
import { neighbouringPostTimes } from './posts.repo.js';
import {
  accountFor,
  accountIfAny,
  assessPost,
  preparedValues,
  type Assessment,
  type PostInput,
  type PostsDependencies,
} from './posts.service.js';

/**
 * Bulk import (docs/reddit-posting.md#bulk-import). The file is read (posts-import.csv.ts), each
 * row's cells are checked and turned into a single post's input, and that input meets the very
 * checks of a single post (assessPost), plus the spacing between the file's own posts and the
 * account's others. Nothing is saved by the check; the import checks everything again and saves
 * every row in one transaction, or nothing.
 */

export interface ImportInput {
  csv: string;
  timeZone: string;
  redditAccountId?: string | undefined;
}

/** Rows are checked a few at a time: each may ask Reddit for the subreddit's live requirements. */
const checkConcurrency = 5;
const lookBackMs = 7 * 24 * 3_600_000;
const spacing = {
  minGapMinutes: spacingLimits.minGapMinutes.default,
  maxPerHour: spacingLimits.maxPerHour.default,
};
const uuid = z.uuid();

const blockOn = (
  code: CsvImportProblem['code'],
  column: CsvImportColumn | null,
  message: string,
  fix: string | null,
  at?: Date,
): CsvImportProblem => ({
  code,
  message,
  fix,
  column,
  severity: 'block',
  ...(at ? { at: at.toISOString() } : {}),
});

const problemColumn: Partial<Record<PostProblem['code'], CsvImportColumn>> = {
  title_required_string: 'title',
  title_regex: 'title',
  title_format_unchecked: 'title',
  title_too_short: 'title',
  title_too_long: 'title',
  title_rule: 'title',
  flair_required: 'flair',
  comment_links_not_allowed: 'first comment',
  explicit_photo_not_over18: 'photo',
  daily_limit: 'time',
  cooldown: 'time',
  spacing_gap: 'time',
  spacing_hour: 'time',
};

function fromPostProblem(problem: PostProblem): CsvImportProblem {
  const fix = problem.suggestedTitle
    ? `${problem.fix ?? 'Change the title'}: "${problem.suggestedTitle}"`
    : problem.fix;
  return {
    code: problem.code,
    message: problem.message,
    fix,
    column: problemColumn[problem.code] ?? null,
    severity: problem.severity,
    ...(problem.at ? { at: problem.at } : {}),
  };
}

/** A refusal assessPost throws, as the row's problem. */
function fromRefusal(error: AppError): CsvImportProblem {
  switch (error.code) {
    case 'SCHEDULE_IN_PAST':
      return blockOn('time_in_past', 'time', error.message, csvImportTexts.timePastFix);
    case 'SCHEDULE_TOO_FAR':
      return blockOn('time_too_far', 'time', error.message, csvImportTexts.timeFarFix);
    case 'IMAGE_REQUIRED':
      return blockOn('photo_not_image', 'photo', error.message, csvImportTexts.photoFix);
    case 'SUBREDDIT_UNAVAILABLE':
      return blockOn('subreddit_unavailable', 'subreddit', error.message, csvImportTexts.subredditFix);
    case 'UNKNOWN_SUBREDDIT':
      return blockOn('subreddit_unknown', 'subreddit', error.message, csvImportTexts.subredditFix);
    default:
      return error.statusCode === 404
        ? blockOn('photo_not_found', 'photo', error.message, csvImportTexts.photoFix)
        : blockOn('cell_invalid', null, error.message, null);
  }
}

function readTime(value: string, timeZone: string): Date | CsvImportProblem {
  if (value === '')
    return blockOn('time_invalid', 'time', csvImportTexts.timeMissing, csvImportTexts.timeFix);
  const local = csvLocalTimePattern.exec(value);
  if (local) {
    const [year, month, day, hour, minute] = local.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const valid =
      month >= 1 &&
      month <= 12 &&
      hour <= 23 &&
      minute <= 59 &&
      day >= 1 &&
      new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
    if (valid)
      return (
        zonedTime({ year, month, day, hour, minute }, timeZone) ??
        blockOn(
          'time_invalid',
          'time',
          csvImportTexts.timeNotInZone(value, timeZone),
          csvImportTexts.timeNotInZoneFix,
        )
      );
  } else if (z.iso.datetime({ offset: true }).safeParse(value).success) {
    return new Date(value);
  }
  return blockOn(
    'time_invalid',
    'time',
    csvImportTexts.timeInvalid(value.slice(0, 40)),
    csvImportTexts.timeFix,
  );
}

interface ReadRow {
  row: CsvImportRow;
  /** The single post this row is, when its cells could be read. */
  input: PostInput | null;
  at: Date | null;
}

type Gallery = Awaited<ReturnType<typeof findOwnAssetsByNameOrId>>;

function photoOf(value: string, gallery: Gallery): MediaAssetRow | CsvImportProblem {
  const byId = uuid.safeParse(value).success ? gallery.byId.get(value.toLowerCase()) : undefined;
  if (byId) return byId;
  const named = gallery.byName.get(value) ?? [];
  if (named.length === 1) return named[0]!;
  if (named.length > 1)
    return blockOn(
      'photo_ambiguous',
      'photo',
      csvImportTexts.photoAmbiguous(value, named.length),
      csvImportTexts.photoAmbiguousFix,
    );
  return blockOn(
    'photo_not_found',
    'photo',
    csvImportTexts.photoNotFound(value.slice(0, 80)),
    csvImportTexts.photoFix,
  );
}

/** The cells of one row checked and turned into a single post's input. */
function readRow(csvRow: CsvRow, columns: number, timeZone: string, gallery: Gallery): ReadRow {
  const cell = (column: CsvImportColumn) => (csvRow.cells[column] ?? '').trim();
  const problems: CsvImportProblem[] = [];
  if (csvRow.extraCells !== null)
    problems.push(
      blockOn(
        'extra_cells',
        null,
        csvImportTexts.extraCells(csvRow.extraCells, columns),
        csvImportTexts.extraCellsFix,
      ),
    );
  for (const [column, value] of Object.entries(csvRow.cells) as [CsvImportColumn, string][]) {
    // Checked on the raw cell too: a spreadsheet may ignore leading spaces.
    if (formulaStart.test(value) || formulaStart.test(value.trim()))
      problems.push(
        blockOn('formula_cell', column, csvImportTexts.formula(column), csvImportTexts.formulaFix),
      );
  }
  const fieldProblem = (column: CsvImportColumn, result: z.ZodSafeParseResult<string>) => {
    if (result.success) return result.data;
    const reason = result.error.issues[0]?.message ?? 'not valid';
    problems.push(
      blockOn(
        'cell_invalid',
        column,
        csvImportTexts.cellInvalid(column, reason),
        csvImportTexts.cellInvalidFix(column),
      ),
    );
    return null;
  };
  const subreddit = fieldProblem('subreddit', subredditField.safeParse(cell('subreddit')));
  const title = fieldProblem('title', titleField.safeParse(cell('title')));
  const flair = cell('flair');
  if (flair.length > 64)
    problems.push(
      blockOn(
        'cell_invalid',
        'flair',
        csvImportTexts.cellInvalid('flair', 'at most 64 characters'),
        csvImportTexts.cellInvalidFix('flair'),
      ),
    );
  const firstComment = cell('first comment');
  if (firstComment.length > maxFirstCommentLength)
    problems.push(
      blockOn(
        'cell_invalid',
        'first comment',
        firstCommentTexts.tooLong,
        csvImportTexts.cellInvalidFix('first comment'),
      ),
    );
  const time = readTime(cell('time'), timeZone);
  const at = time instanceof Date ? time : null;
  if (!(time instanceof Date)) problems.push(time);
  const photoCell = cell('photo');
  const photo = photoCell === '' ? null : photoOf(photoCell, gallery);
  const asset = photo && 'storageKey' in photo ? photo : null;
  const image = asset && kindOf(asset.mime) === 'image' ? asset : null;
  if (photo && !asset) problems.push(photo as CsvImportProblem);
  if (asset && !image)
    problems.push(blockOn('photo_not_image', 'photo', scheduleTexts.onlyImages, csvImportTexts.photoFix));
  const row: CsvImportRow = {
    line: csvRow.line,
    subreddit: subreddit ?? cell('subreddit').slice(0, 40),
    title: title ?? cell('title').slice(0, 300),
    scheduledAt: at?.toISOString() ?? null,
    imageId: image?.id ?? null,
    photo: photoCell.slice(0, 200),
    flair: flair === '' ? null : flair.slice(0, 64),
    firstComment: firstComment === '' ? null : firstComment.slice(0, maxFirstCommentLength),
    ok: problems.length === 0,
    problems,
  };
  const input: PostInput | null =
    problems.length === 0 && subreddit && title && at
      ? {
          subreddit,
          title,
          scheduledAt: at.toISOString(),
          timing: 'now',
          imageId: image?.id,
          flairText: flair || undefined,
          firstComment: firstComment || undefined,
        }
      : null;
  return { row, input, at };
}

const paceOf = (assessment: Assessment): SubredditPace => ({
  key: assessment.subreddit.toLowerCase(),
  postingLimitPerDay: assessment.community?.postingLimitPerDay ?? null,
  postingCooldownHours: assessment.community?.postingCooldownHours ?? null,
  bestPostingTimes: [],
});

/**
 * The file's other posts count like posts already scheduled: the subreddit's daily limit and
 * cooldown (with the user's saved posts there), and the account's spacing (with its saved posts).
 */
async function fileProblems(
  deps: PostsDependencies,
  user: UserRow,
  assessment: Assessment,
  index: number,
  readRows: readonly ReadRow[],
  existing: readonly PlacedPost[],
): Promise<CsvImportProblem[]> {
  const { community, subreddit, at } = assessment;
  const key = subreddit.toLowerCase();
  const fileTimes = readRows.flatMap((other, otherIndex) =>
    other.input && other.at && otherIndex !== index
      ? [{ subredditKey: subredditField.parse(other.input.subreddit).toLowerCase(), at: other.at }]
      : [],
  );
  const problems: CsvImportProblem[] = [];
  const sameSubreddit = fileTimes.filter((other) => other.subredditKey === key).map((other) => other.at);
  if (community && sameSubreddit.length > 0) {
    const saved = await neighbouringPostTimes(deps.db, user.id, subreddit, at);
    problems.push(
      ...checkCommunityLimits(community, undefined, [...saved, ...sameSubreddit], at).map(fromPostProblem),
    );
  }
  const conflict = spacingConflict(at, paceOf(assessment), [...existing, ...fileTimes], spacing);
  if (conflict?.kind === 'gap')
    problems.push(
      blockOn(
        'spacing_gap',
        'time',
        csvImportTexts.spacingGap(spacing.minGapMinutes),
        csvImportTexts.spacingFix(spacing.minGapMinutes),
        conflict.other,
      ),
    );
  if (conflict?.kind === 'hour')
    problems.push(
      blockOn(
        'spacing_hour',
        'time',
        csvImportTexts.spacingHour(spacing.maxPerHour),
        csvImportTexts.spacingFix(spacing.minGapMinutes),
        conflict.other,
      ),
    );
  return problems;
}

interface CheckedFile {
  response: CsvImportCheckResponse;
  /** Each passing row's input and assessment, for saving. */
  prepared: { input: PostInput; assessment: Assessment }[];
}

async function checkFile(
  deps: PostsDependencies,
  user: UserRow,
  input: ImportInput,
  account: RedditAccountRow | undefined,
): Promise<CheckedFile> {
  const redditUsername = account?.username ?? null;
  const parsed = parseCsv(input.csv);
  if (!parsed.ok)
    return { response: { ok: false, rows: [], errors: parsed.errors, redditUsername }, prepared: [] };
  const subreddits = new Set(
    parsed.rows.map((row) =>
      (row.cells.subreddit ?? '')
        .trim()
        .replace(/^\/?r\//i, '')
        .toLowerCase(),
    ),
  );
  subreddits.delete('');
  const limit = campaignSubredditLimitFor(user);
  if (subreddits.size > limit)
    return {
      response: { ok: false, rows: [], errors: [csvImportTexts.planLimit(limit)], redditUsername },
      prepared: [],
    };
  const photoCells = [...new Set(parsed.rows.map((row) => (row.cells.photo ?? '').trim()).filter(Boolean))];
  const gallery = await findOwnAssetsByNameOrId(
    deps.db,
    user.id,
    photoCells,
    photoCells.filter((cell) => uuid.safeParse(cell).success).map((cell) => cell.toLowerCase()),
  );
  const readRows = parsed.rows.map((row) => readRow(row, parsed.columns, input.timeZone, gallery));
  const existing = await accountPostTimes(deps.db, user.id, account?.id, new Date(Date.now() - lookBackMs));
  // By row index, so the posts are saved in the file's order whatever order the checks end in.
  const prepared: (CheckedFile['prepared'][number] | undefined)[] = [];
  const rows = await mapLimited(readRows, checkConcurrency, async (read, index): Promise<CsvImportRow> => {
    if (!read.input) return read.row;
    let assessment: Assessment;
    try {
      assessment = await assessPost(deps, user, read.input, account, undefined);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      return { ...read.row, ok: false, problems: [fromRefusal(error)] };
    }
    const postInput = { ...read.input };
    const problems = assessment.problems.map(fromPostProblem);
    const flair = read.row.flair;
    if (flair && assessment.live.flairs.length > 0) {
      const match = assessment.live.flairs.find(
        (choice) => choice.text.toLowerCase() === flair.toLowerCase(),
      );
      if (match) Object.assign(postInput, { flairId: match.id, flairText: match.text });
      else
        problems.push(
          blockOn(
            'flair_unknown',
            'flair',
            csvImportTexts.flairUnknown(
              assessment.subreddit,
              flair,
              assessment.live.flairs.map((choice) => choice.text),
            ),
            csvImportTexts.flairFix,
          ),
        );
    }
    const fromFile = await fileProblems(deps, user, assessment, index, readRows, existing);
    // A limit the saved posts alone break is said once, by assessPost.
    for (const problem of fromFile)
      if (!problems.some((known) => known.code === problem.code)) problems.push(problem);
    const ok = problems.every((problem) => problem.severity !== 'block');
    if (ok) prepared[index] = { input: postInput, assessment };
    return { ...read.row, subreddit: assessment.subreddit, ok, problems };
  });
  return {
    response: { ok: rows.every((row) => row.ok), rows, errors: [], redditUsername },
    prepared: prepared.filter((entry) => entry !== undefined),
  };
}

/** POST /api/posts/import/check: the per-row report; nothing saved; works before an account is linked. */
export async function checkImport(
  deps: PostsDependencies,
  user: UserRow,
  input: ImportInput,
): Promise<CsvImportCheckResponse> {
  const account = await accountIfAny(deps.db, user, input.redditAccountId);
  return (await checkFile(deps, user, input, account)).response;
}

/** POST /api/posts/import: checked again as a whole, then every row saved together, or none. */
export async function importPosts(deps: PostsDependencies, user: UserRow, input: ImportInput) {
  const account = await accountFor(deps.db, user, input.redditAccountId);
  const { response, prepared } = await checkFile(deps, user, input, account);
  if (response.errors.length > 0)
    throw new AppError(422, response.errors.join(' '), csvImportErrorCodes.fileInvalid, { field: 'csv' });
  const blocked = response.rows.filter((row) => !row.ok).length;
  if (blocked > 0)
    throw new AppError(422, csvImportTexts.rowsHaveProblems(blocked), csvImportErrorCodes.rowsHaveProblems, {
      field: 'csv',
    });
  // Each post carries its own variant of the creator's tracked links (docs/tracked-links.md).
  const posts = await Promise.all(
    prepared.map(({ input: post, assessment }) =>
      withTrackedLinks(deps, user.id, { userId: user.id, ...preparedValues(post, assessment, account) }),
    ),
  );
  const saved = await insertImportedPosts(
    deps.db,
    user.id,
    account.id,
    posts.map((post) => post.values),
    posts.map((post) => post.codes),
  );
  if (!saved) throw AppError.conflict(csvImportTexts.accountGone(account.username), 'REDDIT_ACCOUNT_GONE');
  const first = saved.reduce(
    (soonest, post) => (post.dueAt < soonest ? post.dueAt : soonest),
    saved[0]!.dueAt,
  );
  await deps.wake(first);
  return { message: csvImportTexts.imported(saved.length), postIds: saved.map((post) => post.id) };
}
