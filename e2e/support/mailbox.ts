import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string[];
  body: string;
  /** The files attached, decoded (mailparser). */
  attachments: { fileName: string; contentType: string; content: Buffer }[];
}

const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A real SMTP server in the test process, on the port the app under test is configured to send to
 * (playwright.config.ts). Tests wait for the mail the app sends.
 */
export async function startMailbox(port: number) {
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              body: decodeQuotedPrintable(raw.toString('utf8')),
              attachments: parsed.attachments.map((file) => ({
                fileName: file.filename ?? '',
                contentType: file.contentType,
                content: file.content,
              })),
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    received,
    /** Waits for a mail to `address` that matches `pattern`, and answers the pattern's first group (or match). */
    async waitFor(address: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const mail of [...received].reverse()) {
          const match = mail.to.includes(address.toLowerCase()) ? pattern.exec(mail.body) : null;
          if (match) return match[1] ?? match[0];
        }
        if (Date.now() > deadline)
          throw new Error(`no mail to ${address} matching ${pattern} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
