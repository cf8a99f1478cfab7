/** Where commands write results: stdout by default, a buffer in tests. */
export interface Output {
  line(text?: string): void;
  json(value: unknown): void;
}

export const stdout: Output = {
  line: (text = '') => void process.stdout.write(`${text}\n`),
  json: (value) => void process.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
};

/** Collects lines, for calling actions directly (tests). */
export function bufferOutput(): Output & { lines: string[]; text(): string } {
  const lines: string[] = [];
  return {
    lines,
    line: (text = '') => void lines.push(text),
    json: (value) => void lines.push(JSON.stringify(value, null, 2)),
    text: () => lines.join('\n'),
  };
}
