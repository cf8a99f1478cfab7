import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { ReportReason } from './report-reasons.js';

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
  status: ReportStatus;
  createdAt: string;
  resolvedAt: string | null;
}

function run<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return (em as SqlEntityManager).getConnection().execute(sql, params, 'all', em.getTransactionContext());
}

const SELECT = `
  select r.id, r.reporter_id, reporter.email as reporter_email, r.reported_user_id, reported.email as reported_email,
         reported.name as reported_name, r.reason, r.note, r.status, r.created_at, r.resolved_at
    from user_report r
    join app_user reporter on reporter.id = r.reporter_id
    join app_user reported on reported.id = r.reported_user_id`;

/** The moderation queue. */
@Injectable()
export class ReportRepository {
  async add(
    em: EntityManager,
    report: { reporterId: string; reportedUserId: string; reason: ReportReason; note: string | null },
  ) {
    const id = randomUUID();
    await run(
      em,
      `insert into user_report (id, reporter_id, reported_user_id, reason, note) values (?, ?, ?, ?, ?)`,
      [id, report.reporterId, report.reportedUserId, report.reason, report.note],
    );
    return id;
  }

  async list(em: EntityManager, options: { openOnly: boolean }): Promise<Report[]> {
    const rows = await run<Record<string, unknown>>(
      em,
      `${SELECT} ${options.openOnly ? `where r.status = 'open'` : ''} order by r.created_at, r.id`,
      [],
    );
    return rows.map(toReport);
  }

  async find(em: EntityManager, id: string): Promise<Report | null> {
    const [row] = await run<Record<string, unknown>>(em, `${SELECT} where r.id = ?`, [id]);
    return row ? toReport(row) : null;
  }

  async madeBy(em: EntityManager, reporterId: string): Promise<Report[]> {
    const rows = await run<Record<string, unknown>>(
      em,
      `${SELECT} where r.reporter_id = ? order by r.created_at`,
      [reporterId],
    );
    return rows.map(toReport);
  }

  async resolve(em: EntityManager, id: string, status: Exclude<ReportStatus, 'open'>): Promise<void> {
    await run(em, `update user_report set status = ?, resolved_at = now() where id = ?`, [status, id]);
  }
}

function toReport(row: Record<string, unknown>): Report {
  const iso = (value: unknown) =>
    value === null || value === undefined ? null : new Date(value as string).toISOString();
  return {
    id: row.id as string,
    reporterId: row.reporter_id as string,
    reporterEmail: row.reporter_email as string,
    reportedUserId: row.reported_user_id as string,
    reportedEmail: row.reported_email as string,
    reportedName: row.reported_name as string,
    reason: row.reason as ReportReason,
    note: (row.note as string | null) ?? null,
    status: row.status as ReportStatus,
    createdAt: iso(row.created_at)!,
    resolvedAt: iso(row.resolved_at),
  };
}
