/**
 * Ends the process once what it printed has reached its file, terminal or pipe: a pipe takes 64 KiB at a time
 * and the rest waits in the stream, which `process.exit()` alone would drop. Called when a command is done, so
 * that nothing a library left behind (a broker client's reconnect timers) keeps the command running.
 */
export async function exitWhenWritten(): Promise<void> {
  await Promise.all(
    [process.stdout, process.stderr].map((stream) => new Promise((written) => stream.write('', written))),
  );
  process.exit();
}
