import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { AccountDeletion } from '../../account-deletion.js';
import { AccountErrors } from '../../account-errors.js';
import { PasswordHasher } from '../../password-hasher.js';
import { UserRepository } from '../../user.repository.js';
import { DeleteAccountCommand } from './delete-account.command.js';

@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly deletion: AccountDeletion,
  ) {}

  async execute(command: DeleteAccountCommand): Promise<void> {
    const user = await this.users.findById(command.userId, this.orm.em.fork());
    if (!user) throw AccountErrors.noSession();
    if (!(await this.hasher.verify(user.passwordHash, command.password))) throw AccountErrors.wrongPassword();
    await this.orm.em.fork().transactional((em) => this.deletion.delete(em, user.id));
  }
}
