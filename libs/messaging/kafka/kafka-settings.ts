/** What the Kafka adapter needs to know, fixed per process by MessagingModule.forRoot. */
export class KafkaSettings {
  /** Every integration event goes to this one topic, keyed by aggregate (user) id. */
  static readonly TOPIC = 'fated.events';
  /** Enough to spread work over a few matcher processes; more matchers than partitions would sit idle. */
  static readonly PARTITIONS = 6;

  constructor(
    readonly brokers: string[],
    /** Client id in broker logs, e.g. `fated-gateway-1234` (role and pid). */
    readonly clientId: string,
    /** The consumer group of this process's role; undefined for a process that only publishes (the CLI). */
    readonly consumerGroup: string | undefined,
  ) {}

  get topic(): string {
    return KafkaSettings.TOPIC;
  }
}
