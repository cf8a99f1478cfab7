import { CommandBus } from '@nestjs/cqrs';
import { SetAccountSuspensionCommand } from '../../libs/accounts/index.js';
import type { CliContext } from '../context/cli-context.js';
import type { Output } from '../ui/output.js';
import { printable } from '../ui/printable.js';

export async function setSuspensionAction(
  context: CliContext,
  options: { email: string; suspended: boolean },
  out: Output,
): Promise<{ userId: string; changed: boolean }> {
  const result = await context.app
    .get(CommandBus)
    .execute(new SetAccountSuspensionCommand(options.email, options.suspended));
  const who = printable(options.email.trim().toLowerCase());
  const state = options.suspended ? 'suspended' : 'no longer suspended';
  out.line(result.changed ? `${who} is ${state}.` : `${who} was already ${state}.`);
  return result;
}
