import type { Page } from 'playwright-core';
import type { startMailbox } from './mailbox';

type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** Creates a verified account over the real API: signup, then the link from the real mail. */
export async function createVerifiedAccount(
  baseUrl: string,
  mailbox: Mailbox,
  username: string,
  password = 'Secret123',
) {
  const email = `${username}@example.com`;
  const csrfResponse = await fetch(`${baseUrl}/api/csrf-token`);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const cookie = csrfResponse.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie },
    body: JSON.stringify({ username, email, password }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const link = new URL(await mailbox.waitForLink(email, /\/email-verification\?token=/));
  const verify = await fetch(`${baseUrl}/api/auth/verify-email${link.search}`, {
    headers: { accept: 'application/json' },
  });
  if (!verify.ok) throw new Error(`verification failed: ${verify.status} ${await verify.text()}`);
  return { username, email, password };
}

/** Logs in through the auth dialog, as a person would, and waits for the dashboard. */
export async function logInThroughDialog(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username or email').fill(identifier);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/dashboard');
}
