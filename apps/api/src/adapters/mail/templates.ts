import type { MailMessage } from './mailer.js';

const productName = 'Creator Studio';

type MailContent = Omit<MailMessage, 'to'>;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One layout for every account mail: a greeting, what happened, one button, and what to do if it wasn't you. */
function accountMail(options: {
  subject: string;
  greeting: string;
  lines: string[];
  button: string;
  link: string;
  expiry: string;
  notYou: string;
}): MailContent {
  const { subject, greeting, lines, button, link, expiry, notYou } = options;
  const text = [
    greeting,
    '',
    ...lines,
    '',
    `${button}: ${link}`,
    '',
    expiry,
    '',
    notYou,
    '',
    `— ${productName}`,
  ].join('\n');
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937; max-width: 560px; margin: 0 auto; padding: 24px">
<h1 style="font-size: 20px">${escapeHtml(productName)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs}
<p style="margin: 28px 0"><a href="${escapeHtml(link)}" style="background: #7c3aed; color: #ffffff; padding: 12px 20px; border-radius: 6px; text-decoration: none; font-weight: bold">${escapeHtml(button)}</a></p>
<p style="font-size: 13px">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="font-size: 13px">${escapeHtml(expiry)}</p>
<p style="font-size: 13px; color: #6b7280">${escapeHtml(notYou)}</p>
</body></html>`;
  return { subject, text, html };
}

export function verificationMail(username: string, link: string): MailContent {
  return accountMail({
    subject: `Confirm your email address for ${productName}`,
    greeting: `Hi ${username},`,
    lines: [
      `Thanks for signing up for ${productName}. Confirm your email address to start using your account.`,
    ],
    button: 'Verify my email',
    link,
    expiry:
      'This link works once and expires in 24 hours. If it has expired, log in and choose "Resend verification".',
    notYou: `If you did not create a ${productName} account, ignore this email: the account stays inactive and you will not hear from us again.`,
  });
}

export function passwordResetMail(username: string, link: string): MailContent {
  return accountMail({
    subject: `Reset your ${productName} password`,
    greeting: `Hi ${username},`,
    lines: [
      'Someone asked to reset the password of your account. Choose a new password with the button below.',
    ],
    button: 'Choose a new password',
    link,
    expiry:
      'This link works once and expires in 1 hour. If it has expired, ask for a new one on the "Forgot password" page.',
    notYou:
      'If you did not ask for this, ignore this email: your password stays the same. If these emails keep coming, change your password.',
  });
}

export function emailChangeMail(username: string, newEmail: string, link: string): MailContent {
  return accountMail({
    subject: `Confirm your new email address for ${productName}`,
    greeting: `Hi ${username},`,
    lines: [
      `You asked to use ${newEmail} for your ${productName} account. Confirm it with the button below; until then your account keeps its current address.`,
    ],
    button: 'Confirm my new email',
    link,
    expiry:
      'This link works once and expires in 24 hours. If it has expired, change your email again in Settings.',
    notYou: `If you did not ask for this, ignore this email: nothing changes unless the link is opened.`,
  });
}

/** Sent to the old address once the change has taken effect, so its owner notices a change they did not make. */
export function emailChangedNotice(
  username: string,
  maskedNewEmail: string,
  settingsLink: string,
): MailContent {
  return accountMail({
    subject: `Your ${productName} email address was changed`,
    greeting: `Hi ${username},`,
    lines: [
      `The email address of your ${productName} account was changed to ${maskedNewEmail}. Mails about your account now go there.`,
    ],
    button: 'Open my settings',
    link: settingsLink,
    expiry: 'This address no longer receives login or password reset mails for the account.',
    notYou:
      'If you did not make this change, reply to this email or contact support right away: someone else may have access to your account, and password reset mails now go to the new address.',
  });
}

/**
 * Sent instead of an answer when someone signs up with an address that already has an account:
 * the signup page answers as for a new account, so only the address's owner learns it is taken.
 */
export function signupAttemptMail(username: string, loginLink: string, resetLink: string): MailContent {
  return accountMail({
    subject: `Someone tried to sign up for ${productName} with your email`,
    greeting: `Hi ${username},`,
    lines: [
      `Someone just tried to create a new ${productName} account with this email address, which already belongs to your account (username ${username}). No new account was created.`,
      `If it was you, log in with your username or email. Forgot your password? Choose a new one at ${resetLink}`,
    ],
    button: 'Log in',
    link: loginLink,
    expiry: 'Your account, its password and its email address stay as they were.',
    notYou:
      'If it was not you, ignore this email: nobody can sign up with your address or get into your account this way.',
  });
}
