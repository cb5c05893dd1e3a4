import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that the app's nodemailer delivers to. */
export async function startMailbox() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to)
            ? parsed.to.map((address) => address.text).join(', ')
            : (parsed.to?.text ?? '');
          mails.push({
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: String(parsed.html ?? ''),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for the next mail to this address and returns the first link in it that matches. */
    async waitForLink(to: string, pathPattern: RegExp, timeoutMs = 15_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        for (const mail of [...mails].reverse()) {
          if (!mail.to.toLowerCase().includes(to.toLowerCase())) continue;
          const link = (mail.text + ' ' + mail.html)
            .match(/https?:\/\/[^\s"'<>]+/g)
            ?.find((url) => pathPattern.test(url));
          if (link) return link.replace(/&amp;/g, '&');
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No mail to ${to} with a link matching ${pathPattern} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
