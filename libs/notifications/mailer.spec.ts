import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config.js';
import { Mailer } from './mailer.js';

describe('Mailer without SMTP (mail written to DATA_DIR/outbox)', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'fated-mailer-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const mail = (to: string) => ({ to, subject: 'Hello', text: `Hi ${to}`, html: `<p>Hi ${to}</p>` });

  it("removes every file written to one address, and only those, and never names the address in a file's name", async () => {
    const config = AppConfig.fromEnvironment({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const mailer = new Mailer(config);
    await mailer.send(mail('leaving@example.com'));
    await mailer.send(mail('staying@example.com'));
    await mailer.send(mail('Leaving@Example.com'));
    expect(readdirSync(config.outboxDir)).toHaveLength(3);
    expect(readdirSync(config.outboxDir).join(' ')).not.toContain('example');

    mailer.forget('LEAVING@example.com');
    const left = readdirSync(config.outboxDir);
    expect(left).toHaveLength(1);
    expect(readFileSync(join(config.outboxDir, left[0]!), 'utf8')).toContain('staying@example.com');
  });

  it('forgets nothing, and does not fail, before any mail was written', () => {
    const mailer = new Mailer(AppConfig.fromEnvironment({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    expect(() => mailer.forget('nobody@example.com')).not.toThrow();
  });
});
