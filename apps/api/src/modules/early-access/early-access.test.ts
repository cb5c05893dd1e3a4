import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  earlyAccessListResponseSchema,
  earlyAccessTexts,
  upcomingFeatureKeys,
} from '@app/shared/early-access';
import { testDatabaseKinds } from '../../../test/db/test-database.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { earlyAccessOptIns } from '../../db/schema/index.js';

describe.each(testDatabaseKinds())('early access (/phase4) on %s', (kind) => {
  const { app, db, signedIn } = useTestApp(kind);

  async function list(client: TestClient) {
    const response = await client.inject({ method: 'GET', url: '/api/early-access' });
    expect(response.statusCode, response.body).toBe(200);
    return earlyAccessListResponseSchema.parse(response.json()).features;
  }

  it('lists every upcoming feature, none opted in at first', async () => {
    const { client } = await signedIn();
    const features = await list(client);
    expect(features.map((f) => f.key)).toEqual(upcomingFeatureKeys);
    expect(features.every((f) => !f.optedIn && f.optedInAt === null && f.title.length > 0)).toBe(true);
  });

  it('opts in idempotently, persists the row and opts out', async () => {
    const { user, client } = await signedIn();
    const first = await client.inject({ method: 'PUT', url: '/api/early-access/tiktok-scheduling' });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = earlyAccessListResponseSchema
      .parse(first.json())
      .features.find((f) => f.key === 'tiktok-scheduling')!;
    expect(afterFirst.optedIn).toBe(true);
    expect(afterFirst.optedInAt).not.toBeNull();

    const second = await client.inject({ method: 'PUT', url: '/api/early-access/tiktok-scheduling' });
    expect(second.statusCode).toBe(200);
    const afterSecond = earlyAccessListResponseSchema
      .parse(second.json())
      .features.find((f) => f.key === 'tiktok-scheduling')!;
    expect(afterSecond.optedInAt).toBe(afterFirst.optedInAt);

    const rows = await db().select().from(earlyAccessOptIns).where(eq(earlyAccessOptIns.userId, user.id));
    expect(rows.map((r) => r.feature)).toEqual(['tiktok-scheduling']);
    expect((await list(client)).filter((f) => f.optedIn).map((f) => f.key)).toEqual(['tiktok-scheduling']);

    const out = await client.inject({ method: 'DELETE', url: '/api/early-access/tiktok-scheduling' });
    expect(out.statusCode).toBe(200);
    expect(earlyAccessListResponseSchema.parse(out.json()).features.some((f) => f.optedIn)).toBe(false);
    expect(
      await db().select().from(earlyAccessOptIns).where(eq(earlyAccessOptIns.userId, user.id)),
    ).toHaveLength(0);
    // Opting out again is harmless.
    expect(
      (await client.inject({ method: 'DELETE', url: '/api/early-access/tiktok-scheduling' })).statusCode,
    ).toBe(200);
  });

  it("keeps users apart: one user's opt-ins are neither shown to nor removable by another", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    expect(
      (await alice.client.inject({ method: 'PUT', url: '/api/early-access/multi-account-analytics' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await bob.client.inject({ method: 'PUT', url: '/api/early-access/ai-image-captions' })).statusCode,
    ).toBe(200);

    expect((await list(alice.client)).filter((f) => f.optedIn).map((f) => f.key)).toEqual([
      'multi-account-analytics',
    ]);
    expect((await list(bob.client)).filter((f) => f.optedIn).map((f) => f.key)).toEqual([
      'ai-image-captions',
    ]);

    // Bob opting out of Alice's feature touches only his own (absent) row.
    expect(
      (await bob.client.inject({ method: 'DELETE', url: '/api/early-access/multi-account-analytics' }))
        .statusCode,
    ).toBe(200);
    expect((await list(alice.client)).find((f) => f.key === 'multi-account-analytics')!.optedIn).toBe(true);
  });

  it('answers 404 with a message for an unknown feature and stores nothing', async () => {
    const { user, client } = await signedIn();
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await client.inject({ method, url: '/api/early-access/time-machine' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: earlyAccessTexts.unknownFeature });
    }
    expect(
      await db().select().from(earlyAccessOptIns).where(eq(earlyAccessOptIns.userId, user.id)),
    ).toHaveLength(0);
  });

  it('needs a session, and a CSRF token on writes', async () => {
    for (const request of [
      { method: 'GET', url: '/api/early-access' },
      { method: 'PUT', url: '/api/early-access/tiktok-scheduling' },
      { method: 'DELETE', url: '/api/early-access/tiktok-scheduling' },
    ] as const) {
      const response = await new TestClient(app()).inject(request);
      expect(response.statusCode, request.url).toBeGreaterThanOrEqual(401);
      expect(response.statusCode, request.method).toBeLessThanOrEqual(403);
    }
    const { user, client } = await signedIn();
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await client.inject(
        { method, url: '/api/early-access/tiktok-scheduling' },
        { csrf: false },
      );
      expect(response.statusCode, method).toBe(403);
    }
    expect(
      await db().select().from(earlyAccessOptIns).where(eq(earlyAccessOptIns.userId, user.id)),
    ).toHaveLength(0);
  });
});
