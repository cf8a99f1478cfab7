import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { UserRepository, type AccountContact } from '../accounts/index.js';
import type { ReportReason } from './report-reasons.js';
import { sql } from '../persistence/sql.js';

export type ReportStatus = 'open' | 'dismissed' | 'suspended';

export interface Report {
  id: string;
  reporterId: string;
  reporterEmail: string;
  reportedUserId: string;
  reportedEmail: string;
  reportedName: string;
  reason: ReportReason;
  note: string | null;
  /** The text of the message the report points at, if it points at one. */
  messageText: string | null;
  status: ReportStatus;
  createdAt: string;
  resolvedAt: string | null;
}

interface ReportRow {
  id: string;
  reporter_id: string;
  reported_user_id: string;
  reason: ReportReason;
  note: string | null;
  message_text: string | null;
  status: ReportStatus;
  created_at: Date | string;
  resolved_at: Date | string | null;
}

const SELECT = `
  select r.id, r.reporter_id, r.reported_user_id, r.reason, r.note, r.message_text, r.status, r.created_at, r.resolved_at
    from user_report r`;

/** The moderation queue; the people's names and emails come from accounts (one read per list). */
@Injectable()
export class ReportRepository {
  constructor(private readonly users: UserRepository) {}

  async add(
    em: EntityManager,
    report: {
      reporterId: string;
      reportedUserId: string;
      reason: ReportReason;
      note: string | null;
      messageText: string | null;
    },
  ) {
    // One open report per pair (a partial unique index): a repeat while it is open is the same report.
    await sql(
      em,
      `insert into user_report (id, reporter_id, reported_user_id, reason, note, message_text) values (?, ?, ?, ?, ?, ?)
       on conflict (reporter_id, reported_user_id) where status = 'open' do nothing`,
      [
        randomUUID(),
        report.reporterId,
        report.reportedUserId,
        report.reason,
        report.note,
        report.messageText,
      ],
    );
  }

  async list(em: EntityManager, options: { openOnly: boolean }): Promise<Report[]> {
    const rows = await sql<ReportRow>(
      em,
      `${SELECT} ${options.openOnly ? `where r.status = 'open'` : ''} order by r.created_at, r.id`,
      [],
    );
    return this.withContacts(em, rows);
  }

  async find(em: EntityManager, id: string): Promise<Report | null> {
    const rows = await sql<ReportRow>(em, `${SELECT} where r.id = ?`, [id]);
    return (await this.withContacts(em, rows))[0] ?? null;
  }

  async madeBy(em: EntityManager, reporterId: string): Promise<Report[]> {
    const rows = await sql<ReportRow>(em, `${SELECT} where r.reporter_id = ? order by r.created_at`, [
      reporterId,
    ]);
    return this.withContacts(em, rows);
  }

  /**
   * Resolves the report if it is still open, in one statement: false when it was not (resolved before, or by
   * another moderator meanwhile), and then nothing is written.
   */
  async resolveIfOpen(
    em: EntityManager,
    id: string,
    status: Exclude<ReportStatus, 'open'>,
  ): Promise<boolean> {
    const rows = await sql(
      em,
      `update user_report set status = ?, resolved_at = now() where id = ? and status = 'open' returning id`,
      [status, id],
    );
    return rows.length > 0;
  }

  /** A report goes with either account (foreign keys), so one whose person is missing was deleted just now. */
  private async withContacts(em: EntityManager, rows: ReportRow[]): Promise<Report[]> {
    const contacts = await this.users.contactsOf(
      rows.flatMap((row) => [row.reporter_id, row.reported_user_id]),
      em,
    );
    return rows.flatMap((row) => {
      const reporter = contacts.get(row.reporter_id);
      const reported = contacts.get(row.reported_user_id);
      return reporter && reported ? [toReport(row, reporter, reported)] : [];
    });
  }
}

function toReport(row: ReportRow, reporter: AccountContact, reported: AccountContact): Report {
  const iso = (value: Date | string | null | undefined) =>
    value === null || value === undefined ? null : new Date(value).toISOString();
  return {
    id: row.id,
    reporterId: row.reporter_id,
    reporterEmail: reporter.email,
    reportedUserId: row.reported_user_id,
    reportedEmail: reported.email,
    reportedName: reported.name,
    reason: row.reason,
    note: row.note ?? null,
    messageText: row.message_text ?? null,
    status: row.status,
    createdAt: iso(row.created_at)!,
    resolvedAt: iso(row.resolved_at),
  };
}
