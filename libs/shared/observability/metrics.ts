import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A reading taken when Prometheus scrapes (a count in the database), shared by the gauges it feeds. */
export type Probe<T> = () => Promise<T>;

interface OutboxReading {
  pending: number;
  oldestAgeSeconds: number;
}

/** How long one scrape's database readings are reused by the gauges that share them. */
const PROBE_TTL_MS = 1_000;

/**
 * The process's Prometheus metrics: Node's defaults plus the product's own, in a registry of this
 * application (tests start several in one process). Every label takes values from a fixed set (route
 * templates, consumer and event class names, phases), never ids or raw paths. The code that does the
 * work records here; readings that live in the database are taken by probes when a scrape asks.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'fated_http_request_duration_seconds',
    help: 'HTTP requests to /api by route template and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly dailyRunDuration = new Histogram({
    name: 'fated_daily_run_duration_seconds',
    help: 'A whole daily run (DailyMatchRun), by phase: vectors (catching up), load (pool and window), generate, total',
    labelNames: ['phase'] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800],
    registers: [this.registry],
  });

  readonly matchGenerationPhase = new Histogram({
    name: 'fated_match_generation_phase_seconds',
    help: 'Time spent computing match sets per call (a daily run or one MatchRequested chunk), by phase: read, score, write, summaries (the pass after it)',
    labelNames: ['phase'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [this.registry],
  });

  readonly matchSetsWritten = new Counter({
    name: 'fated_match_sets_written_total',
    help: 'Match sets written (daily runs, chunks and first requests of the day)',
    registers: [this.registry],
  });

  readonly matchSetsEmpty = new Counter({
    name: 'fated_match_sets_empty_total',
    help: 'Match sets written without any candidate',
    registers: [this.registry],
  });

  readonly summariesWritten = new Counter({
    name: 'fated_match_summaries_written_total',
    help: 'Compatibility summaries written, by path: pass (the background pass after a run) or read (a first read that came before it)',
    labelNames: ['path'] as const,
    registers: [this.registry],
  });

  readonly membersScored = new Counter({
    name: 'fated_match_members_scored_total',
    help: 'Members scored against their candidate groups',
    registers: [this.registry],
  });

  readonly eventsHandled = new Counter({
    name: 'fated_events_handled_total',
    help: 'Events a consumer of this process finished, by consumer and event type',
    labelNames: ['consumer', 'event'] as const,
    registers: [this.registry],
  });

  readonly eventsFailed = new Counter({
    name: 'fated_events_failed_total',
    help: 'Consumer attempts that threw (each is retried or parked)',
    labelNames: ['consumer'] as const,
    registers: [this.registry],
  });

  readonly eventsRetried = new Counter({
    name: 'fated_events_retried_total',
    help: 'Consumer attempts scheduled again after a failure',
    labelNames: ['consumer'] as const,
    registers: [this.registry],
  });

  readonly eventsParked = new Counter({
    name: 'fated_events_parked_total',
    help: 'Events parked as dead letters after the last retry',
    labelNames: ['consumer'] as const,
    registers: [this.registry],
  });

  readonly consumerLag = new Gauge({
    name: 'fated_kafka_consumer_lag',
    help: 'Records behind the newest offset, per partition of this process’s consumer group (Kafka only)',
    labelNames: ['topic', 'partition'] as const,
    registers: [this.registry],
  });

  readonly mailsSent = new Counter({
    name: 'fated_mails_sent_total',
    help: 'Mails handed to SMTP (or written to the outbox folder)',
    registers: [this.registry],
  });

  readonly mailsFailed = new Counter({
    name: 'fated_mails_failed_total',
    help: 'Mails that could not be sent',
    registers: [this.registry],
  });

  readonly socketsConnected = new Gauge({
    name: 'fated_sockets_connected',
    help: 'Socket.IO connections open on this process',
    registers: [this.registry],
  });

  readonly messagesSent = new Counter({
    name: 'fated_messages_sent_total',
    help: 'Conversation messages stored (a repeated clientId counts once)',
    registers: [this.registry],
  });

  private outboxProbe: Probe<OutboxReading> | undefined;
  private deadLetterProbe: Probe<number> | undefined;
  private dailyRunProbe: Probe<number | undefined> | undefined;
  private outboxReading: { at: number; value: Promise<OutboxReading> } | undefined;

  /**
   * false only under `npm run bench -- http --metrics-rounds` (FATED_BENCH_METRICS=off), which compares the
   * floor's throughput without Node's default metrics and the per-request histogram against with them.
   */
  readonly recording = process.env.FATED_BENCH_METRICS !== 'off';

  constructor() {
    if (this.recording) collectDefaultMetrics({ register: this.registry });
    this.readGauge(
      'fated_outbox_pending',
      'Committed events not yet relayed (all processes sharing the database)',
      async () => (await this.readOutbox())?.pending,
    );
    this.readGauge(
      'fated_outbox_oldest_age_seconds',
      'Age of the oldest committed event not yet relayed (0 when none waits)',
      async () => (await this.readOutbox())?.oldestAgeSeconds,
    );
    this.readGauge(
      'fated_daily_run_last_success_timestamp_seconds',
      'When a day’s matches were last requested in full, or a whole-day run finished, by any process (read from the shared table)',
      async () => this.dailyRunProbe?.().catch(() => undefined),
    );
    this.readGauge(
      'fated_dead_letters',
      'Events parked in dead_letter, waiting for a person (fated events dead-letters)',
      async () => this.deadLetterProbe?.().catch(() => undefined),
    );
  }

  /** A gauge set from `read` at each scrape; left as it was when there is nothing to read (no probe, a failure). */
  private readGauge(name: string, help: string, read: () => Promise<number | undefined>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        const value = await read();
        if (value !== undefined) this.set(value);
      },
    });
  }

  /** Where the outbox gauges read their numbers (messaging provides it). */
  probeOutbox(probe: Probe<OutboxReading>): void {
    this.outboxProbe = probe;
  }

  /** Where the daily run's gauge reads its last success (seconds since the epoch; undefined: none yet). */
  probeDailyRun(probe: Probe<number | undefined>): void {
    this.dailyRunProbe = probe;
  }

  /** Where the dead-letter gauge reads its count. */
  probeDeadLetters(probe: Probe<number>): void {
    this.deadLetterProbe = probe;
  }

  /** The Prometheus text exposition, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Histogram timer in seconds from a performance.now() mark. */
  static secondsSince(mark: number): number {
    return (performance.now() - mark) / 1000;
  }

  private readOutbox(): Promise<OutboxReading | undefined> {
    const probe = this.outboxProbe;
    if (!probe) return Promise.resolve(undefined);
    const now = Date.now();
    if (!this.outboxReading || now - this.outboxReading.at > PROBE_TTL_MS)
      this.outboxReading = { at: now, value: probe() };
    // A failed reading leaves the gauges as they were (the database's own health says why).
    return this.outboxReading.value.catch(() => undefined);
  }
}
