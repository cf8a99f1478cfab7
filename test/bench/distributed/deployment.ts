import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { AppProcess, freePort, waitFor } from '../../distributed/app-process.js';

const run = promisify(execFile);

export const ROOT = resolve(import.meta.dirname, '../../../../..');
/** Compiled by `npm run bench` from the current sources, so no separate `npm run build` is needed. */
const GATEWAY = resolve(ROOT, 'dist/bench/apps/gateway/main.js');
const MATCHER = resolve(ROOT, 'dist/bench/apps/matcher/main.js');
const KAFKA_SCRIPTS = resolve(ROOT, 'test/kafka');
const PARTITIONS = 6;

export const MODEL_ENV = {
  MODELS_DIR: process.env.MODELS_DIR ?? resolve(ROOT, '../shared/models'),
  EMBEDDING_MODEL: process.env.EMBEDDING_MODEL ?? 'local/wordnet-wordpiece-static-256',
};

export interface Broker {
  brokers: string;
  /** The broker's log folder (log.dirs), to weigh the topic. */
  dataDir: string;
  pid: number;
  stop(): Promise<void>;
}

/** A fresh single-node KRaft broker (test/kafka/start-kafka.sh: no Docker; jars from Maven, cached). */
export async function startBroker(): Promise<Broker> {
  const { stdout } = await run('bash', [join(KAFKA_SCRIPTS, 'start-kafka.sh')], {
    timeout: 240_000,
    maxBuffer: 1 << 20,
  });
  const brokers = /^KAFKA_BROKERS=(.+)$/m.exec(stdout)?.[1];
  const dir = /^KAFKA_DIR=(.+)$/m.exec(stdout)?.[1];
  if (!brokers || !dir) throw new Error(`start-kafka.sh said:\n${stdout}`);
  return {
    brokers,
    dataDir: join(dir, 'data'),
    pid: Number(readFileSync(join(dir, 'kafka.pid'), 'utf8').trim()),
    stop: async () => {
      await run('bash', [join(KAFKA_SCRIPTS, 'stop-kafka.sh'), dir], { timeout: 30_000 });
    },
  };
}

export interface Matcher {
  process: AppProcess;
  metricsPort: number;
}

/**
 * The deployment of "Running the distributed way": one gateway and `matchers` matcher processes, each its
 * own OS process on the built code, sharing only PostgreSQL and the broker. `NODE_ENV=production`, as
 * deployed. Every matcher gets its own METRICS_PORT; MATCH_CRON fires every second, and the day's lease in
 * daily_match_run decides when a tick requests the day (see distributed.bench.ts).
 */
export class Deployment {
  readonly metricsToken = randomBytes(24).toString('hex');
  readonly matchers: Matcher[] = [];
  gateway!: AppProcess;
  api!: string;
  private readonly dataDirs: string[] = [];

  private constructor(
    private readonly databaseUrl: string,
    private readonly broker: Broker,
    private readonly logDir: string,
  ) {}

  static async start(options: {
    databaseUrl: string;
    broker: Broker;
    matchers: number;
    logDir: string;
  }): Promise<Deployment> {
    for (const script of [GATEWAY, MATCHER]) {
      if (!existsSync(script)) throw new Error(`${script} is missing: run this through npm run bench`);
    }
    const deployment = new Deployment(options.databaseUrl, options.broker, options.logDir);
    await deployment.launch(options.matchers);
    return deployment;
  }

  private env(extra: Record<string, string>): Record<string, string> {
    const dataDir = mkdtempSync(join(tmpdir(), 'fated-bench-distributed-'));
    this.dataDirs.push(dataDir);
    return {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: this.databaseUrl,
      KAFKA_BROKERS: this.broker.brokers,
      ...MODEL_ENV,
      JWT_ACCESS_SECRET: randomBytes(32).toString('hex'),
      JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://127.0.0.1:9',
      METRICS_TOKEN: this.metricsToken,
      LOG_LEVEL: 'log',
      TZ: 'UTC',
      // Every second; the bench holds the day's lease until everyone is ready (distributed.bench.ts).
      MATCH_CRON: '* * * * * *',
      ...extra,
    };
  }

  private async launch(matchers: number): Promise<void> {
    const port = await freePort();
    this.api = `http://127.0.0.1:${port}/api`;
    this.gateway = new AppProcess(
      'gateway',
      GATEWAY,
      this.env({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
      this.logDir,
    );
    for (let i = 0; i < matchers; i++) {
      const metricsPort = await freePort();
      this.matchers.push({
        process: new AppProcess(
          `matcher-${i + 1}`,
          MATCHER,
          this.env({ METRICS_PORT: String(metricsPort) }),
          this.logDir,
        ),
        metricsPort,
      });
    }
  }

  /** Gateway healthy with its group joined; every matcher ready, the partitions split among all of them. */
  async ready(timeoutMs = 240_000): Promise<void> {
    await waitFor(
      'the gateway to be ready with its consumer group joined',
      timeoutMs,
      async () => {
        if (!this.gateway.running) throw new Error(`gateway exited:\n${this.gateway.logs.slice(-3000)}`);
        const report = (await (await fetch(`${this.api}/health`)).json().catch(() => undefined)) as
          { status?: string; components?: { kafka?: { detail?: string } } } | undefined;
        return report?.status === 'ok' &&
          /group fated-gateway, partitions/.test(report.components?.kafka?.detail ?? '')
          ? true
          : undefined;
      },
      500,
    );
    await waitFor(
      'the matchers to be ready and to split the partitions',
      timeoutMs,
      async () => {
        const assigned: number[] = [];
        for (const { process: matcher, metricsPort } of this.matchers) {
          if (!matcher.running) throw new Error(`${matcher.name} exited:\n${matcher.logs.slice(-3000)}`);
          const ready = await fetch(`http://127.0.0.1:${metricsPort}/health/ready`).catch(() => undefined);
          if (ready?.status !== 200) return undefined;
          const last = matcher.lines(/joined fated-matcher: partitions ([\d, ]+|none)/).at(-1)?.[1];
          if (!last || last === 'none') return undefined;
          assigned.push(...last.split(', ').map(Number));
        }
        assigned.sort((a, b) => a - b);
        return assigned.length === PARTITIONS && assigned.every((p, i) => p === i) ? true : undefined;
      },
      500,
    );
  }

  /** Pids of the processes, by name, for CPU sampling. */
  pids(): Record<string, number> {
    const pids: Record<string, number> = { gateway: this.gateway.pid, broker: this.broker.pid };
    for (const { process: matcher } of this.matchers) pids[matcher.name] = matcher.pid;
    return pids;
  }

  async stop(): Promise<void> {
    const stops = await Promise.all(
      [this.gateway, ...this.matchers.map((m) => m.process)].map((app) => app.stop()),
    );
    const killed = stops.filter((stop) => stop.killed).length;
    if (killed) console.warn(`  ${killed} process(es) needed SIGKILL after SIGTERM`);
    for (const dir of this.dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}
