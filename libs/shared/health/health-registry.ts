import { Injectable, Logger } from '@nestjs/common';

/** `loading`: not tried yet or starting (e.g. the embedding model before its first load). */
export type ComponentStatus = 'up' | 'down' | 'degraded' | 'loading';

export interface HealthCheck {
  name: string;
  /** Readiness counts only critical components; a degraded extra (e.g. the embedding model) stays ready. */
  critical: boolean;
  check(): Promise<{ status: ComponentStatus; detail?: string }>;
}

/** Components register their checks here; GET /api/health reports them all. */
@Injectable()
export class HealthRegistry {
  private readonly logger = new Logger('Health');
  private readonly checks: HealthCheck[] = [];

  register(check: HealthCheck): void {
    this.checks.push(check);
  }

  /** Every registered check, for readiness probes that judge each one themselves. */
  get registered(): readonly HealthCheck[] {
    return this.checks;
  }

  /** One check's result; a check that throws is `down` (its error goes to the log). */
  async run(check: HealthCheck): Promise<{ status: ComponentStatus; detail?: string }> {
    return check.check().catch((error: Error) => {
      this.logger.warn(`health check ${check.name} failed: ${error.message}`);
      return { status: 'down' as const, detail: 'check failed' };
    });
  }

  async report(): Promise<{
    status: 'ok' | 'error';
    components: Record<string, { status: ComponentStatus; detail?: string }>;
  }> {
    const components: Record<string, { status: ComponentStatus; detail?: string }> = {};
    let ready = true;
    for (const check of this.checks) {
      // The raw error goes to the log, not to anyone who asks /api/health.
      const result = await this.run(check);
      components[check.name] = result;
      if (check.critical && result.status === 'down') ready = false;
    }
    return { status: ready ? 'ok' : 'error', components };
  }
}
