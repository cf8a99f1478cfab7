import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export class MailCatcher {
  readonly messages: CapturedMail[] = [];
  /** Recipients this server refuses (550), as a mailbox that does not exist would be. */
  private readonly refused = new Set<string>();
  private readonly waiters: Array<() => void> = [];
  private server!: SMTPServer;
  port = 0;

  static async start(): Promise<MailCatcher> {
    const catcher = new MailCatcher();
    catcher.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!catcher.refused.has(address.address.toLowerCase())) return callback();
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          catcher.messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          catcher.waiters.splice(0).forEach((wake) => wake());
          callback();
        });
      },
    });
    // A sender killed mid-session (the crash tests SIGKILL the app) resets its connection; like any mail
    // server, the catcher drops that session and keeps serving instead of raising an unhandled 'error'.
    catcher.server.on('error', () => undefined);
    await new Promise<void>((resolve) => catcher.server.listen(0, '127.0.0.1', resolve));
    catcher.port = (catcher.server.server.address() as AddressInfo).port;
    return catcher;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The newest mail to this address, waiting for it to arrive if needed. */
  async waitFor(
    address: string,
    predicate: (mail: CapturedMail) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages
        .filter((mail) => mail.to.includes(address.toLowerCase()) && predicate(mail))
        .at(-1);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** From now on, mail to `address` is refused. */
  refuse(address: string): void {
    this.refused.add(address.toLowerCase());
  }

  count(address: string): number {
    return this.messages.filter((mail) => mail.to.includes(address.toLowerCase())).length;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The verification link in a mail's text part (quoted-printable soft breaks undone). */
export function verificationLinkIn(mail: CapturedMail): { url: string; id: string; token: string } {
  const text = mail.raw.replace(/=\r?\n/g, '');
  const match = /(https?:\/\/[^\s"<]+\/verifyEmail\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+))/.exec(text);
  if (!match) throw new Error('no verification link in mail');
  return { url: match[1]!, id: match[2]!, token: match[3]! };
}

/** The password reset link in a mail's text part. */
export function resetLinkIn(mail: CapturedMail): { url: string; id: string; token: string } {
  const text = mail.raw.replace(/=\r?\n/g, '');
  const match = /(https?:\/\/[^\s"<]+\/resetPassword\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+))/.exec(text);
  if (!match) throw new Error('no reset link in mail');
  return { url: match[1]!, id: match[2]!, token: match[3]! };
}
