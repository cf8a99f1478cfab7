import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { RefreshSessions } from '../../refresh-sessions.js';
import { LogOutCommand } from './log-out.command.js';

@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly sessions: RefreshSessions,
  ) {}

  async execute(command: LogOutCommand): Promise<void> {
    if (!command.refreshToken) return;
    const em = this.orm.em.fork();
    const session = await this.sessions.findByToken(em, command.refreshToken);
    if (session) await em.transactional((tx) => this.sessions.endSignIn(tx, session));
  }
}
