import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on 127.0.0.1 (random port) that the app's SMTP mailer delivers to. Plain
 * text only: STARTTLS and AUTH are switched off, as on a local relay.
 */
export async function startSmtpStandIn() {
  const received: ReceivedMail[] = [];
  const claimed = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to ?? []]
            .flat()
            .map((address) => address.text)
            .join(', ');
          received.push({
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const mailsTo = (to: string) => received.filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo,
    /** The oldest mail to this address not returned before; waits for it to arrive. */
    async waitForMail(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mailsTo(to).find((candidate) => !claimed.has(candidate));
        if (mail) {
          claimed.add(mail);
          return mail;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`No new mail to ${to} arrived within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;

/** The link in a mail's text that leads to the given page of the app. */
export function linkIn(mail: ReceivedMail, pagePath: string): URL {
  const link = mail.text
    .match(/https?:\/\/\S+/g)
    ?.map((candidate) => new URL(candidate))
    .find((url) => url.pathname === pagePath);
  if (!link) throw new Error(`The mail "${mail.subject}" has no link to ${pagePath}:\n${mail.text}`);
  return link;
}
