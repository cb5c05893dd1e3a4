import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createdApiKeyResponseSchema } from '@app/shared/api-keys';
import {
  seedAccount,
  testPassword,
  type SeedContext,
  type SeededAccount,
} from '../../src/modules/account/account.test-support.js';
import { subscriptions, type UserRow } from '../../src/db/schema/index.js';
import { signedInClient } from '../test-client.js';
import { newUser } from '../factories/users.js';

export interface SeededUser extends SeededAccount {
  /** Texts only this person's rows carry: no answer to anyone else may contain them. */
  uniqueTexts: string[];
  /** The secret of the API key made through POST /api/api-keys. */
  apiKeySecret: string;
}

/**
 * Alice and Bob, each with data of every kind: a row in every owned table (seedAccount: uploads,
 * a protected copy, reddit account, scheduled post, tax, early access, analytics, …) plus what the
 * real endpoints create — a generation, saved content, an API key, tax income and an expense, a
 * subscription and a referral lead who applied with their code.
 */
export async function seedTwoUsers(context: SeedContext): Promise<{ alice: SeededUser; bob: SeededUser }> {
  const alice = await seedUserOfEveryKind(context, 'alice');
  const bob = await seedUserOfEveryKind(context, 'bob');
  return { alice, bob };
}

async function seedUserOfEveryKind(context: SeedContext, name: string): Promise<SeededUser> {
  const account = await seedAccount(context, { user: { displayName: `${name} creator` } });
  const marker = (what: string) => `${name}-${what}-${randomUUID().slice(0, 8)}`;
  const uniqueTexts = [marker('prompt'), marker('saved'), marker('key'), marker('income'), marker('expense')];
  const [prompt, savedTitle, keyName, incomeNote, expenseNote] = uniqueTexts as [
    string,
    string,
    string,
    string,
    string,
  ];
  const call = async (method: 'POST' | 'PUT', url: string, payload: unknown, expected: number) => {
    const response = await account.client.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(expected);
    return response;
  };

  await call('POST', '/api/ai/generate', { prompt, platforms: ['reddit'] }, 200);
  await call(
    'POST',
    '/api/saved-content',
    { title: savedTitle, content: 'Fresh idea', platform: 'twitter' },
    201,
  );
  const apiKey = createdApiKeyResponseSchema.parse(
    (await call('POST', '/api/api-keys', { name: keyName, currentPassword: testPassword }, 201)).json(),
  );
  const today = new Date().toISOString().slice(0, 10);
  await call(
    'POST',
    '/api/tax/income',
    { platform: 'Fansly', amount: '42.00', receivedOn: today, note: incomeNote },
    201,
  );
  await call(
    'POST',
    '/api/tax/expenses',
    { category: 'equipment', amount: '9.99', spentOn: today, description: expenseNote },
    201,
  );
  await call('PUT', '/api/early-access/instagram-scheduling', undefined, 200);

  // Stripe is not configured in this app: the subscription Stripe's webhook would have written.
  await context.db.insert(subscriptions).values({
    userId: account.user.id,
    plan: 'pro',
    status: 'active',
    amountCents: 2999,
    stripeCustomerId: `cus_${randomUUID().slice(0, 8)}`,
    stripeSubscriptionId: `sub_${randomUUID().slice(0, 8)}`,
    nextBillDate: new Date(Date.now() + 20 * 86_400_000),
  });
  await applyWithCodeOf(context, account.user);

  return { ...account, uniqueTexts, apiKeySecret: apiKey.secret };
}

/** Someone signs up with the person's referral code and applies it from their own session: a linked lead. */
async function applyWithCodeOf(context: SeedContext, referrer: UserRow) {
  const applicant = await newUser(context.db);
  const response = await (
    await signedInClient(context.app, context.db, applicant)
  ).inject({
    method: 'POST',
    url: '/api/referral/apply',
    payload: { referralCode: referrer.referralCode, applicant: { email: applicant.email } },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ status: 'linked' });
}
