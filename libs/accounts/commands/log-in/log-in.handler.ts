import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { AccessTokens } from '../../../shared/auth/access-tokens.js';
import { AccountErrors } from '../../account-errors.js';
import { PasswordHasher } from '../../password-hasher.js';
import { RefreshSessions } from '../../refresh-sessions.js';
import { UserRepository } from '../../user.repository.js';
import { LogInCommand, type SignedIn } from './log-in.command.js';

/** The longest address and password an account can have (sign-up's limits). */
const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 128;

@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: RefreshSessions,
    private readonly accessTokens: AccessTokens,
  ) {}

  async execute(command: LogInCommand): Promise<SignedIn> {
    // No account has such an address or password: answered without a lookup or a hash of a long text.
    if (command.email.length > MAX_EMAIL_LENGTH || command.password.length > MAX_PASSWORD_LENGTH)
      throw AccountErrors.wrongCredentials();
    const em = this.orm.em.fork();
    const user = await this.users.findByEmail(command.email, em);
    // Unknown email and wrong password look the same, and cost the same.
    const passwordOk = await this.hasher.verify(user?.passwordHash, command.password);
    if (!user || !passwordOk) throw AccountErrors.wrongCredentials();
    // Only told after the right password, so the answer reveals nothing to someone guessing.
    if (user.suspendedAt) throw AccountErrors.suspended();
    const { persistent } = command;
    const { refreshToken, signInId } = this.sessions.signIn(em, user, persistent);
    await em.flush();
    const accessToken = await this.accessTokens.sign(user, signInId);
    const signedIn: SignedIn = {
      accessToken,
      verification: user.verified,
      id: user.id,
      refreshToken,
      persistent,
    };
    if (user.name === '') signedIn.nameRequired = true;
    return signedIn;
  }
}
