import { CommandBus } from '@nestjs/cqrs';
import { SetAccountSuspensionCommand } from '../../libs/accounts/index.js';
import { DomainError } from '../../libs/shared/domain-error.js';
import type { CliContext } from '../context/cli-context.js';
import { CliError, ExitCode } from '../ui/cli-error.js';
import type { Output } from '../ui/output.js';
import { printable } from '../ui/printable.js';

export async function setSuspensionAction(
  context: CliContext,
  options: { email: string; suspended: boolean },
  out: Output,
): Promise<{ userId: string; changed: boolean }> {
  const result = await setSuspension(context, options);
  out.line(suspensionLine(printable(options.email.trim().toLowerCase()), options.suspended, result.changed));
  return result;
}

async function setSuspension(
  context: CliContext,
  options: { email: string; suspended: boolean },
): Promise<{ userId: string; changed: boolean }> {
  try {
    return await context.app
      .get(CommandBus)
      .execute(new SetAccountSuspensionCommand(options.email, options.suspended));
  } catch (error) {
    // Worded as `fated user show` words it, for the same email.
    if (error instanceof DomainError && error.code === 'account-not-found')
      throw new CliError(`No account with the email ${options.email}`, ExitCode.notFound);
    throw error;
  }
}

function suspensionLine(who: string, suspended: boolean, changed: boolean): string {
  if (suspended) return changed ? `${who} is suspended.` : `${who} was already suspended.`;
  return changed ? `${who} is no longer suspended.` : `${who} is not suspended.`;
}
