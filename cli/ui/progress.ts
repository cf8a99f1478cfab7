import cliProgress from 'cli-progress';

export interface Progress {
  increment(by?: number): void;
  update(value: number): void;
  setTotal(total: number): void;
  stop(): void;
}

/**
 * A progress bar on stderr (stdout stays for results). It draws only on a terminal: piped or under test
 * it stays silent.
 */
export function startProgress(
  label: string,
  total: number,
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} {bar} {percentage}% | {value}/{total} | {duration_formatted} elapsed, ETA {eta_formatted}`,
      stream,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    increment: (by = 1) => bar.increment(by),
    update: (value) => bar.update(value),
    setTotal: (value) => bar.setTotal(value),
    stop: () => bar.stop(),
  };
}
