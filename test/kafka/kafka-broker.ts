import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const HERE = import.meta.dirname;

export interface KafkaBroker {
  /** host:port,… as KAFKA_BROKERS takes it. */
  brokers: string;
  /** The broker's log file, when this process started the broker. */
  logFile: string | undefined;
  stop(): Promise<void>;
  /** Stops the broker (SIGTERM, then SIGKILL) and starts it again on the same ports and data (fault tests). */
  restart(options?: { downMs?: number }): Promise<void>;
}

/**
 * A Kafka broker for tests: the one named by KAFKA_BROKERS when set, otherwise a fresh single-node
 * KRaft broker started by start-kafka.sh (jars from Maven Central, cached) and stopped afterwards.
 */
export async function startKafka(): Promise<KafkaBroker> {
  const external = process.env.KAFKA_BROKERS;
  if (external)
    return {
      brokers: external,
      logFile: undefined,
      stop: async () => undefined,
      restart: async () => {
        throw new Error('KAFKA_BROKERS names a broker this test did not start; it cannot restart it');
      },
    };
  const { stdout } = await run('bash', [resolve(HERE, 'start-kafka.sh')], {
    timeout: 240_000,
    maxBuffer: 1 << 20,
  });
  const brokers = /^KAFKA_BROKERS=(.+)$/m.exec(stdout)?.[1];
  const dir = /^KAFKA_DIR=(.+)$/m.exec(stdout)?.[1];
  if (!brokers || !dir) throw new Error(`start-kafka.sh said:\n${stdout}`);
  return {
    brokers,
    logFile: resolve(dir, 'kafka.log'),
    stop: async () => {
      await run('bash', [resolve(HERE, 'stop-kafka.sh'), dir], { timeout: 30_000 });
    },
    restart: async ({ downMs = 0 } = {}) => {
      await run('bash', [resolve(HERE, 'stop-kafka.sh'), dir, '--keep'], { timeout: 30_000 });
      if (downMs > 0) await new Promise((done) => setTimeout(done, downMs));
      await run('bash', [resolve(HERE, 'start-kafka.sh'), dir], { timeout: 240_000, maxBuffer: 1 << 20 });
    },
  };
}
