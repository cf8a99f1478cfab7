import { Injectable, Logger } from '@nestjs/common';

/** `loading`: not tried yet or starting (e.g. the embedding model before its first load). */
export type ComponentStatus = 'up' | 'down' | 'degraded' | 'loading';

export interface HealthCheck {
  name: string;
  /** Readiness counts only critical components; a degraded extra (e.g. the embedding model) stays ready. */
  critical: boolean;
  /** Asked by readiness alone, not by the /api/health report (the migrations: a query per probe). */
  readinessOnly?: boolean;
  check(): Promise<{ status: ComponentStatus; detail?: string }>;
}

/** A check that takes longer than this counts as down (a hung database is not an answering one). */
const CHECK_TIMEOUT_MS = 3_000;

/** Components register their checks here; GET /api/health reports them all. */
@Injectable()
export class HealthRegistry {
  private readonly logger = new Logger('Health');
  private readonly checks: HealthCheck[] = [];

  register(check: HealthCheck): void {
    this.checks.push(check);
  }

  /** Every registered check, the readiness-only ones included (Readiness judges each one itself). */
  get registered(): readonly HealthCheck[] {
    return this.checks;
  }

  /** One check's result; a check that throws, or answers after CHECK_TIMEOUT_MS, is `down` (errors go to the log). */
  async run(check: HealthCheck): Promise<{ status: ComponentStatus; detail?: string }> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<{ status: 'down'; detail: string }>((resolve) => {
      timer = setTimeout(() => resolve({ status: 'down', detail: 'timed out' }), CHECK_TIMEOUT_MS);
    });
    const checked = check.check().catch((error: Error) => {
      this.logger.warn(`health check ${check.name} failed: ${error.message}`);
      return { status: 'down' as const, detail: 'check failed' };
    });
    try {
      return await Promise.race([checked, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async report(): Promise<{
    status: 'ok' | 'error';
    components: Record<string, { status: ComponentStatus; detail?: string }>;
  }> {
    const components: Record<string, { status: ComponentStatus; detail?: string }> = {};
    let ready = true;
    // Side by side: a hung component costs the report one timeout, not one each. The raw error goes to the
    // log, not to anyone who asks /api/health.
    const reported = this.checks.filter((check) => !check.readinessOnly);
    const results = await Promise.all(reported.map((check) => this.run(check)));
    for (const [index, check] of reported.entries()) {
      components[check.name] = results[index]!;
      if (check.critical && results[index]!.status === 'down') ready = false;
    }
    return { status: ready ? 'ok' : 'error', components };
  }
}
