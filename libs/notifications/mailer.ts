import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config.js';

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

  constructor(private readonly config: AppConfig) {
    this.writesToFiles = !config.smtpUrl;
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
    if (this.writesToFiles) {
      mkdirSync(this.config.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(this.config.outboxDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      this.logger.log(`mail "${mail.subject}" written to ${file}`);
    }
  }
}
