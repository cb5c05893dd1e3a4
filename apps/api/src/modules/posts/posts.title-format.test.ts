import { describe, expect, it } from 'vitest';
import { postCheckResponseSchema, schedulePostResponseSchema, titleFormatTexts } from '@app/shared/posts';
import { useTestApp } from '../../../test/use-test-app.js';
import { newCommunity } from '../../../test/factories/communities.js';
import { newUser } from '../../../test/factories/users.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { signedInClient, type TestClient } from '../../../test/test-client.js';
import { uniqueToken } from '../communities/communities.test-support.js';
import { connectAccount } from '../reddit/reddit.test-support.js';

// docs/decisions/021-untrusted-title-patterns.md: a subreddit's title_regexes are its moderators' patterns, so untrusted input.
describe.each(testDatabaseKinds())("a subreddit's title format through the rules check on %s", (kind) => {
  const testApp = useTestApp(kind, { standIns: { reddit: true } });
  const { db, reddit } = testApp;

  /** A creator with a linked account, and a subreddit whose post requirements list these title formats. */
  async function subredditWithFormats(titleRegexes: string[]) {
    const user = await newUser(db());
    const client = await signedInClient(testApp.app(), db(), user);
    const username = `u_${uniqueToken()}`;
    reddit().addUser(username);
    await connectAccount(client, reddit(), username);
    const community = await newCommunity(db());
    reddit().addSubreddit(community.name, {
      requirements: { title_regexes: titleRegexes },
      allow_images: true,
    });
    return { client, subreddit: community.name };
  }
  const check = async (client: TestClient, subreddit: string, title: string) => {
    const response = await client.inject({
      method: 'POST',
      url: '/api/posts/check',
      payload: { subreddit, title },
    });
    expect(response.statusCode, response.body).toBe(200);
    return postCheckResponseSchema.parse(response.json());
  };

  it('answers a catastrophic-backtracking format at once, as a title that does not match', async () => {
    // ^(a+)+$ took a backtracking engine 13.7 s at 30 characters, doubling with each one more.
    const { client, subreddit } = await subredditWithFormats(['^(a+)+$']);
    const result = await check(client, subreddit, `${'a'.repeat(40)}!`);
    expect(result).toMatchObject({ ok: false, checkedLive: true });
    expect(result.problems).toEqual([expect.objectContaining({ code: 'title_regex', severity: 'block' })]);
    expect((await check(client, subreddit, 'a'.repeat(40))).ok).toBe(true);
  });

  it('reports a format it cannot run as not checked: a warning, never a pass, and scheduling still works', async () => {
    const formats = ['^(?=.*\\[F\\])', '^(\\w+) \\1$'];
    const { client, subreddit } = await subredditWithFormats(formats);
    const result = await check(client, subreddit, 'Hello [F]');
    expect(result.ok).toBe(true);
    expect(result.problems).toEqual([
      {
        code: 'title_format_unchecked',
        severity: 'warn',
        message: titleFormatTexts.unchecked(subreddit, formats),
        fix: titleFormatTexts.uncheckedFix,
        suggestedTitle: null,
      },
    ]);

    const scheduled = await client.inject({
      method: 'POST',
      url: '/api/posts/schedule',
      payload: { subreddit, title: 'Hello [F]', timing: 'now' },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(schedulePostResponseSchema.parse(scheduled.json()).warnings.map((w) => w.code)).toEqual([
      'title_format_unchecked',
    ]);
  });
});
