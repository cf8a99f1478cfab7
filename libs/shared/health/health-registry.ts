import { Injectable } from '@nestjs/common';

export type ComponentStatus = 'up' | 'down' | 'degraded';

export interface HealthCheck {
  name: string;
  /** Readiness counts only critical components; a degraded extra (e.g. the embedding model) stays ready. */
  critical: boolean;
  check(): Promise<{ status: ComponentStatus; detail?: string }>;
}

/** Components register their checks here; GET /api/health reports them all. */
@Injectable()
export class HealthRegistry {
  private readonly checks: HealthCheck[] = [];

  register(check: HealthCheck): void {
    this.checks.push(check);
  }

  async report(): Promise<{ status: 'ok' | 'error'; components: Record<string, { status: ComponentStatus; detail?: string }> }> {
    const components: Record<string, { status: ComponentStatus; detail?: string }> = {};
    let ready = true;
    for (const check of this.checks) {
      const result = await check.check().catch((error: Error) => ({ status: 'down' as const, detail: error.message }));
      components[check.name] = result;
      if (check.critical && result.status === 'down') ready = false;
    }
    return { status: ready ? 'ok' : 'error', components };
  }
}
