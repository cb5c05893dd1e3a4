import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leakCaseTexts, type LeakCase } from '@app/shared/leak-cases';
import { useTestApp } from '../../../test/use-test-app.js';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { newAsset } from '../../../test/factories/media.js';
import { TestClient } from '../../../test/test-client.js';
import { mediaAssets } from '../../db/schema/index.js';
import { createCase, markTrace, ownMarkTrace } from './leak-cases.test-support.js';

describe.each(testDatabaseKinds())('leak cases (%s)', (kind) => {
  const testApp = useTestApp(kind);
  const caseOf = (response: { json: () => unknown }) => (response.json() as { case: LeakCase }).case;
  const list = async (client: TestClient, query = '') => {
    const response = await client.inject({ method: 'GET', url: `/api/leak-cases${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { cases: LeakCase[] }).cases;
  };

  it('makes a case from a trace answer: the answer is its evidence, the site and name come from the address', async () => {
    const { user, client } = await testApp.signedIn();
    const photo = await newAsset(testApp.db(), { userId: user.id, filename: 'golden-hour.jpg' });
    const evidence = await ownMarkTrace(testApp.db(), user.id, photo.id);
    const response = await createCase(client, {
      infringingUrls: ['  https://www.leaks.example/sunny/42  ', '', 'https://www.leaks.example/sunny/42'],
      workDescription: '  My golden hour photo,\r\nfirst posted on Reddit.  ',
      mediaAssetId: photo.id,
      evidence,
    });
    expect(response.statusCode, response.body).toBe(201);
    const made = caseOf(response);
    expect(made).toMatchObject({
      title: 'Leak on leaks.example',
      hostName: 'leaks.example',
      status: 'found',
      infringingUrls: ['https://www.leaks.example/sunny/42'],
      workDescription: 'My golden hour photo,\nfirst posted on Reddit.',
      mediaAssetId: photo.id,
      photo: { id: photo.id, fileName: 'golden-hour.jpg' },
      hostAbuseContact: null,
      notes: null,
      noticeSentAt: null,
      removedAt: null,
      rejectedAt: null,
    });
    expect(made.evidence).toEqual(evidence);
    expect(Date.now() - new Date(made.foundAt).getTime()).toBeLessThan(60_000);

    const read = await client.inject({ method: 'GET', url: `/api/leak-cases/${made.id}` });
    expect(caseOf(read)).toEqual(made);
  });

  it('makes a case by hand, with its own name, abuse contact and notes', async () => {
    const { client } = await testApp.signedIn();
    const response = await createCase(client, {
      title: 'Forum repost',
      hostName: 'Leaky Forum',
      hostAbuseContact: 'mailto:abuse@leaky.example',
      notes: 'Found through a fan’s message.',
      evidence: null,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(caseOf(response)).toMatchObject({
      title: 'Forum repost',
      hostName: 'Leaky Forum',
      hostAbuseContact: 'abuse@leaky.example',
      notes: 'Found through a fan’s message.',
      evidence: null,
      photo: null,
    });
    const withForm = await createCase(client, { hostAbuseContact: 'https://leaky.example/dmca-form' });
    expect(caseOf(withForm).hostAbuseContact).toBe('https://leaky.example/dmca-form');
  });

  it('lists her cases newest first, and only those of the status asked for', async () => {
    const { client } = await testApp.signedIn();
    const first = caseOf(await createCase(client, { title: 'First' }));
    const second = caseOf(await createCase(client, { title: 'Second' }));
    expect((await list(client)).map((item) => item.title)).toEqual(['Second', 'First']);
    await client.inject({
      method: 'PATCH',
      url: `/api/leak-cases/${first.id}`,
      payload: { status: 'removed' },
    });
    expect((await list(client, '?status=removed')).map((item) => item.id)).toEqual([first.id]);
    expect((await list(client, '?status=found')).map((item) => item.id)).toEqual([second.id]);
    const bad = await client.inject({ method: 'GET', url: '/api/leak-cases?status=gone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(leakCaseTexts.statusInvalid);
  });

  it('stamps the date of each status once, and clears the later dates when a case goes back', async () => {
    const { client } = await testApp.signedIn();
    const made = caseOf(await createCase(client, {}));
    const patch = async (payload: Record<string, unknown>) => {
      const response = await client.inject({ method: 'PATCH', url: `/api/leak-cases/${made.id}`, payload });
      expect(response.statusCode, response.body).toBe(200);
      return caseOf(response);
    };
    const sent = await patch({ status: 'notice_sent' });
    expect(sent.status).toBe('notice_sent');
    expect(sent.noticeSentAt).not.toBeNull();
    expect(sent.removedAt).toBeNull();
    const sentAgain = await patch({ status: 'notice_sent' });
    expect(sentAgain.noticeSentAt).toBe(sent.noticeSentAt);

    const removed = await patch({ status: 'removed' });
    expect(removed.removedAt).not.toBeNull();
    expect(removed.noticeSentAt).toBe(sent.noticeSentAt);

    const refused = await patch({ status: 'rejected' });
    expect(refused.rejectedAt).not.toBeNull();
    expect(refused.removedAt).toBeNull();
    expect(refused.noticeSentAt).toBe(sent.noticeSentAt);

    const reopened = await patch({ status: 'found' });
    expect(reopened).toMatchObject({
      status: 'found',
      noticeSentAt: null,
      removedAt: null,
      rejectedAt: null,
    });
    expect(reopened.foundAt).toBe(made.foundAt);
  });

  it('changes only the fields sent; a cleared name or site falls back to the address', async () => {
    const { client } = await testApp.signedIn();
    const made = caseOf(await createCase(client, { title: 'Mine', notes: 'keep me' }));
    const response = await client.inject({
      method: 'PATCH',
      url: `/api/leak-cases/${made.id}`,
      payload: { infringingUrls: ['https://other.example/a'], hostName: null, title: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(caseOf(response)).toMatchObject({
      infringingUrls: ['https://other.example/a'],
      hostName: 'other.example',
      title: 'Leak on other.example',
      notes: 'keep me',
      workDescription: made.workDescription,
    });
    const empty = await client.inject({ method: 'PATCH', url: `/api/leak-cases/${made.id}`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(leakCaseTexts.nothingToChange);
  });

  it.each([
    ['an ftp address', ['ftp://leaks.example/a'], leakCaseTexts.urlInvalid],
    ['a script address', ['javascript:alert(1)'], leakCaseTexts.urlInvalid],
    ['words', ['my leaked photo'], leakCaseTexts.urlInvalid],
    [
      'a space or control character inside',
      ['https://leaks.example/my photo\u0000'],
      leakCaseTexts.urlInvalid,
    ],
    ['a host without a domain', ['http://localhost/a'], leakCaseTexts.urlInvalid],
    ['a too long address', [`https://leaks.example/${'a'.repeat(2100)}`], leakCaseTexts.urlInvalid],
    ['no address', [], leakCaseTexts.urlsRequired],
    ['only blanks', ['  ', ''], leakCaseTexts.urlsRequired],
    [
      'too many addresses',
      Array.from({ length: 21 }, (_, i) => `https://l.example/${i}`),
      leakCaseTexts.tooManyUrls,
    ],
  ])('refuses %s with a clear 400 and keeps nothing', async (_what, infringingUrls, message) => {
    const { client } = await testApp.signedIn();
    const response = await createCase(client, { infringingUrls });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await list(client)).toEqual([]);
  });

  it('refuses a bad abuse contact, an empty description, a bad status and a malformed trace answer', async () => {
    const { client } = await testApp.signedIn();
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ hostAbuseContact: 'call the owner' }, leakCaseTexts.abuseContactInvalid],
      [{ hostAbuseContact: 'ftp://leaks.example' }, leakCaseTexts.abuseContactInvalid],
      [{ workDescription: '   ' }, leakCaseTexts.workDescriptionRequired],
      [{ evidence: { method: 'mark' } }, leakCaseTexts.evidenceInvalid],
      [{ evidence: markTrace({ summary: 'a\u0000b' }) }, leakCaseTexts.evidenceInvalid],
      [{ status: 'found' }, 'status: this field is not allowed'],
    ];
    for (const [payload, message] of refusals) {
      const response = await createCase(client, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const made = caseOf(await createCase(client, {}));
    const badStatus = await client.inject({
      method: 'PATCH',
      url: `/api/leak-cases/${made.id}`,
      payload: { status: 'deleted' },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toContain(leakCaseTexts.statusInvalid);
    const badUrl = await client.inject({
      method: 'PATCH',
      url: `/api/leak-cases/${made.id}`,
      payload: { infringingUrls: ['leaks.example/no-scheme'] },
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().message).toContain(leakCaseTexts.urlInvalid);
    expect((await list(client)).map((item) => item.id)).toEqual([made.id]);
    expect((await list(client))[0]!.infringingUrls).toEqual(made.infringingUrls);
  });

  it("answers 404 for another user's case on every route, exactly as for an id nobody has", async () => {
    const alice = await testApp.signedIn();
    const bob = await testApp.signedIn();
    const aliceCase = caseOf(await createCase(alice.client, { notes: 'private' }));
    const calls: Array<['GET' | 'PATCH' | 'DELETE', string, Record<string, unknown>?]> = [
      ['GET', ''],
      ['PATCH', '', { status: 'removed' }],
      ['DELETE', ''],
      ['GET', '/notice'],
      ['GET', '/notice.pdf'],
    ];
    for (const [method, suffix, payload] of calls) {
      const theirs = await bob.client.inject({
        method,
        url: `/api/leak-cases/${aliceCase.id}${suffix}`,
        payload,
      });
      const nobodys = await bob.client.inject({
        method,
        url: `/api/leak-cases/${randomUUID()}${suffix}`,
        payload,
      });
      expect(theirs.statusCode, `${method} ${suffix}`).toBe(404);
      expect(theirs.body).toBe(nobodys.body);
      expect(theirs.json().message).toBe(leakCaseTexts.notFound);
    }
    expect(await list(bob.client)).toEqual([]);
    const still = await alice.client.inject({ method: 'GET', url: `/api/leak-cases/${aliceCase.id}` });
    expect(caseOf(still)).toEqual(aliceCase);
  });

  it("refuses another user's gallery photo as the original, on a new case and on a change", async () => {
    const alice = await testApp.signedIn();
    const bob = await testApp.signedIn();
    const alicePhoto = await newAsset(testApp.db(), { userId: alice.user.id });
    const created = await createCase(bob.client, { mediaAssetId: alicePhoto.id });
    expect(created.statusCode).toBe(404);
    expect(created.json().message).toBe(leakCaseTexts.photoNotFound);
    const own = caseOf(await createCase(bob.client, {}));
    const changed = await bob.client.inject({
      method: 'PATCH',
      url: `/api/leak-cases/${own.id}`,
      payload: { mediaAssetId: alicePhoto.id },
    });
    expect(changed.statusCode).toBe(404);
    expect(changed.json().message).toBe(leakCaseTexts.photoNotFound);
    expect((await list(bob.client)).map((item) => item.mediaAssetId)).toEqual([null]);
  });

  it("refuses a trace answer naming another user's copy or photo with 404, and makes no case", async () => {
    const alice = await testApp.signedIn();
    const bob = await testApp.signedIn();
    const db = testApp.db();
    const alicePhoto = await newAsset(db, { userId: alice.user.id });
    const aliceTrace = await ownMarkTrace(db, alice.user.id, alicePhoto.id);
    const bobTrace = await ownMarkTrace(db, bob.user.id);
    const bobPhoto = await newAsset(db, { userId: bob.user.id });
    const refused = [
      // Her copy id, as a trace of hers would name it.
      aliceTrace,
      // His own copy, but her photo named beside it.
      { ...bobTrace, copy: { ...bobTrace.copy!, mediaAssetId: alicePhoto.id } },
      // A copy id nobody has, and one that is not an id at all.
      markTrace({ copy: { ...markTrace().copy!, copyId: randomUUID() } }),
      markTrace({ copy: { ...markTrace().copy!, copyId: 'not-an-id' } }),
      // A found original that is her photo.
      markTrace({
        method: 'hash',
        copy: null,
        matchedOriginal: { mediaAssetId: alicePhoto.id, fileName: 'x.jpg' },
      }),
    ];
    for (const evidence of refused) {
      const response = await createCase(bob.client, { evidence });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe(leakCaseTexts.tracedCopyNotFound);
    }
    expect(await list(bob.client)).toEqual([]);
    expect(await list(alice.client)).toEqual([]);

    const ownOriginal = markTrace({
      method: 'hash',
      copy: null,
      matchedOriginal: { mediaAssetId: bobPhoto.id, fileName: 'mine.jpg' },
    });
    for (const evidence of [bobTrace, ownOriginal])
      expect((await createCase(bob.client, { evidence })).statusCode).toBe(201);
  });

  it('keeps the case when its photo leaves the gallery, and deletes a case for good', async () => {
    const { user, client } = await testApp.signedIn();
    const photo = await newAsset(testApp.db(), { userId: user.id });
    const made = caseOf(await createCase(client, { mediaAssetId: photo.id }));
    await testApp.db().delete(mediaAssets).where(eq(mediaAssets.id, photo.id));
    const kept = await client.inject({ method: 'GET', url: `/api/leak-cases/${made.id}` });
    expect(caseOf(kept)).toMatchObject({ id: made.id, mediaAssetId: null, photo: null });

    const deleted = await client.inject({ method: 'DELETE', url: `/api/leak-cases/${made.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: leakCaseTexts.deleted });
    expect((await client.inject({ method: 'GET', url: `/api/leak-cases/${made.id}` })).statusCode).toBe(404);
    expect(await list(client)).toEqual([]);
  });

  it('refuses signed-out callers with 401', async () => {
    const anonymous = new TestClient(testApp.app());
    expect((await anonymous.inject({ method: 'GET', url: '/api/leak-cases' })).statusCode).toBe(401);
    expect((await createCase(anonymous, {})).statusCode).toBe(401);
  });
});
