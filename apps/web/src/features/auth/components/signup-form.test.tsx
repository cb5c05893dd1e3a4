import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authTexts, validationMessages } from '@app/shared/messages';
import { currentUrl, renderApp } from '../../../testing/render-app';
import { jsonResponse } from '../../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../../testing/auth-api-stub';

afterEach(resetAuthState);

const created = () => jsonResponse({ message: 'Account created', email: 'Velvet@Example.com' }, 201);

async function signUp(values: { username: string; email: string; password: string }) {
  const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
  if (values.username) await userEvent.type(within(dialog).getByLabelText('Username'), values.username);
  if (values.email) await userEvent.type(within(dialog).getByLabelText('Email'), values.email);
  if (values.password) await userEvent.type(within(dialog).getByLabelText('Password'), values.password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
  return dialog;
}

const valid = { username: 'velvetrose', email: '  Velvet@Example.com ', password: 'Secret123' };

describe('auth dialog: signup', () => {
  it('ticks the password hints as the rules are met', async () => {
    stubApi({});
    renderApp('/signup', { user: null });
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    const rule = (name: string) => within(dialog).getByText(name).closest('li');
    expect(within(dialog).getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Password'), 'abc');
    expect(rule('One lowercase letter')).toHaveAttribute('data-met', 'true');
    expect(rule('At least 8 characters')).toHaveAttribute('data-met', 'false');
    expect(rule('One uppercase letter')).toHaveAttribute('data-met', 'false');

    await userEvent.type(within(dialog).getByLabelText('Password'), 'DEFGH1');
    for (const name of [
      'At least 8 characters',
      'One lowercase letter',
      'One uppercase letter',
      'One number',
    ]) {
      expect(rule(name)).toHaveAttribute('data-met', 'true');
    }
  });

  it.each([
    [{ ...valid, username: 'ab' }, validationMessages.usernameTooShort, 'Username'],
    [{ ...valid, username: 'rose queen' }, validationMessages.usernameCharacters, 'Username'],
    [{ ...valid, email: 'velvet@' }, validationMessages.emailInvalid, 'Email'],
    [{ ...valid, password: 'SECRET123' }, validationMessages.passwordLowercase, 'Password'],
  ])('refuses invalid input with the first message (%#)', async (values, message, label) => {
    const fetchMock = stubApi({});
    renderApp('/signup', { user: null });
    const dialog = await signUp(values);
    expect(await findToast(validationMessages.validationErrorTitle)).toHaveTextContent(message);
    expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'POST', '/api/auth/signup')).toEqual([]);
  });

  it('switches to login with the trimmed e-mail and asks to verify it', async () => {
    const fetchMock = stubApi({ 'POST /api/auth/signup': created });
    const { router } = renderApp('/signup', { user: null });
    await signUp(valid);

    const login = await screen.findByRole('dialog', { name: 'Welcome back' });
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    expect(within(login).getByLabelText('Username or email')).toHaveValue('Velvet@Example.com');
    expect(within(login).getByRole('status')).toHaveTextContent(authTexts.accountCreated);
    await findToast(authTexts.accountCreated);
    expect(sentBodies(fetchMock, 'POST', '/api/auth/signup')).toEqual([
      { username: 'velvetrose', email: 'Velvet@Example.com', password: 'Secret123' },
    ]);
    // Without a pending referral code nothing is applied.
    expect(sentBodies(fetchMock, 'POST', '/api/referral/apply')).toEqual([]);
  });

  it.each([
    ['linked', authTexts.referralLinked],
    ['pending_review', authTexts.referralSavedForReview],
  ])('applies the pending referral code after signup (%s)', async (status, description) => {
    localStorage.setItem('pendingReferralCode', 'ROSE42');
    const fetchMock = stubApi({
      'POST /api/auth/signup': created,
      'POST /api/referral/apply': jsonResponse({ success: true, status }),
    });
    renderApp('/signup', { user: null });
    await signUp(valid);

    expect(await findToast(authTexts.referralRecorded)).toHaveTextContent(description);
    expect(sentBodies(fetchMock, 'POST', '/api/referral/apply')).toEqual([
      { referralCode: 'ROSE42', applicant: { email: 'velvet@example.com' } },
    ]);
    expect(localStorage.getItem('pendingReferralCode')).toBeNull();
  });

  it.each([
    [
      'a refusal',
      () => jsonResponse({ success: false, error: 'This referral code has expired.' }),
      'This referral code has expired.',
    ],
    [
      'a failed request',
      () => jsonResponse({ message: 'Internal Server Error' }, 500),
      'Your account is ready.',
    ],
  ])('keeps the code and says Referral not recorded after %s', async (_case, answer, description) => {
    localStorage.setItem('pendingReferralCode', 'ROSE42');
    stubApi({ 'POST /api/auth/signup': created, 'POST /api/referral/apply': answer });
    renderApp('/signup', { user: null });
    await signUp(valid);

    expect(await findToast(authTexts.referralNotRecorded)).toHaveTextContent(description);
    expect(localStorage.getItem('pendingReferralCode')).toBe('ROSE42');
  });

  it('puts the user on the field a 400 answer names', async () => {
    stubApi({
      'POST /api/auth/signup': jsonResponse(
        { message: 'This e-mail domain is not accepted.', code: 'VALIDATION_ERROR', field: 'email' },
        400,
      ),
    });
    renderApp('/signup', { user: null });
    const dialog = await signUp(valid);
    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This e-mail domain is not accepted.');
  });

  it('shows why the server refused the account and stays in signup', async () => {
    stubApi({ 'POST /api/auth/signup': jsonResponse({ message: 'That username is already taken.' }, 409) });
    renderApp('/signup', { user: null });
    const dialog = await signUp(valid);

    expect(await findToast('Sign up failed')).toHaveTextContent('That username is already taken.');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('That username is already taken.');
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
  });
});
