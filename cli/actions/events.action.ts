import { DeadLetters, type DeadLetter } from '../../libs/messaging/dead-letters.js';
import { EventDispatcher } from '../../libs/messaging/event-dispatcher.js';
import { EventRegistry } from '../../libs/messaging/event-registry.js';
import type { CliContext } from '../context/cli-context.js';
import { CliError, ExitCode } from '../ui/cli-error.js';
import type { Output } from '../ui/output.js';
import { printable } from '../ui/printable.js';

export async function listDeadLettersAction(
  context: CliContext,
  options: { json?: boolean },
  out: Output,
): Promise<DeadLetter[]> {
  const letters = await context.app.get(DeadLetters).list();
  if (options.json) {
    out.json(letters);
    return letters;
  }
  if (letters.length === 0) out.line('No dead letters.');
  for (const letter of letters) {
    const { envelope } = letter;
    out.line(
      `${letter.id}  ${letter.parkedAt.toISOString().slice(0, 16).replace('T', ' ')}  ${printable(envelope.type)}  ` +
        `${letter.attempts} attempts`,
    );
    out.line(`  consumer: ${printable(letter.consumer)}`);
    out.line(`  event:    ${printable(envelope.eventId)} about ${printable(envelope.aggregateId)}`);
    out.line(`  error:    ${printable(letter.error)}`);
  }
  return letters;
}

/** Replays one dead letter to its consumer in this process; it stays parked (with the new error) if it fails. */
export async function replayDeadLetterAction(
  context: CliContext,
  options: { id: string },
  out: Output,
): Promise<void> {
  const deadLetters = context.app.get(DeadLetters);
  const letter = await deadLetters.find(options.id);
  if (!letter) throw new CliError(`No dead letter ${printable(options.id)}.`, ExitCode.notFound);
  const { envelope } = letter;
  const event = EventRegistry.revive(envelope.type, envelope.aggregateId, envelope.payload, {
    eventId: envelope.eventId,
    occurredAt: new Date(envelope.occurredAt),
  });
  if (!event) throw new CliError(`No event class ${printable(envelope.type)} here to replay it.`);
  try {
    await context.app.get(EventDispatcher).replay(letter.consumer, event);
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    await deadLetters.park(letter.consumer, envelope, message, 1);
    throw new CliError(`${printable(letter.consumer)} failed again: ${printable(message)}`);
  }
  await deadLetters.remove(letter.id);
  out.line(
    `Replayed ${printable(envelope.type)} ${envelope.eventId} to ${printable(letter.consumer)}; dead letter removed.`,
  );
}
