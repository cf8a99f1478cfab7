import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Logger, Optional } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config.js';
import { Metrics } from '../shared/observability/metrics.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail through SMTP_URL, or, without it, writes each message as an .eml file to DATA_DIR/outbox
 * so the embedded default works with no mail server at all.
 */
@Injectable()
export class Mailer {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter;
  readonly writesToFiles: boolean;

  constructor(
    private readonly config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.writesToFiles = !config.smtpUrl;
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: Mail): Promise<void> {
    try {
      await this.deliver(mail);
    } catch (error) {
      this.metrics?.mailsFailed.inc();
      throw error;
    }
    this.metrics?.mailsSent.inc();
  }

  private async deliver(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
    if (this.writesToFiles) {
      mkdirSync(this.config.outboxDir, { recursive: true, mode: 0o700 });
      const id = info.messageId.replace(/[^\w.-]/g, '');
      const file = join(this.config.outboxDir, `${Date.now()}-${recipientTag(mail.to)}-${id}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      this.logger.log(`mail "${mail.subject}" written to ${file}`);
    }
  }

  /** Removes the files written to `email` (a deleted account's mails must not outlive it). */
  forget(email: string): void {
    if (!this.writesToFiles) return;
    const tag = `-${recipientTag(email)}-`;
    let files: string[];
    try {
      files = readdirSync(this.config.outboxDir);
    } catch {
      return; // no mail written yet
    }
    for (const file of files)
      if (file.includes(tag)) rmSync(join(this.config.outboxDir, file), { force: true });
  }
}

/** Names a file's recipient without the address: a deleted account's files are found by it. */
function recipientTag(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}
