import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { User } from './user.entity.js';
import { EmailVerificationToken } from './email-verification-token.entity.js';
import { RefreshSession } from './refresh-session.entity.js';
import { UserRepository } from './user.repository.js';
import { PasswordHasher } from './password-hasher.js';
import { RefreshSessions } from './refresh-sessions.js';
import { RegisterUserHandler } from './commands/register-user/register-user.handler.js';
import { RegisterUserController } from './commands/register-user/register-user.controller.js';
import { RequestVerificationEmailHandler } from './commands/request-verification-email/request-verification-email.handler.js';
import { RequestVerificationEmailController } from './commands/request-verification-email/request-verification-email.controller.js';
import { VerifyEmailHandler } from './commands/verify-email/verify-email.handler.js';
import { VerifyEmailController } from './commands/verify-email/verify-email.controller.js';
import { LogInHandler } from './commands/log-in/log-in.handler.js';
import { LogInController } from './commands/log-in/log-in.controller.js';
import { RefreshSessionHandler } from './commands/refresh-session/refresh-session.handler.js';
import { RefreshSessionController } from './commands/refresh-session/refresh-session.controller.js';
import { LogOutHandler } from './commands/log-out/log-out.handler.js';
import { LogOutController } from './commands/log-out/log-out.controller.js';

const commandHandlers = [
  RegisterUserHandler,
  RequestVerificationEmailHandler,
  VerifyEmailHandler,
  LogInHandler,
  RefreshSessionHandler,
  LogOutHandler,
];

/** Sign-up, email verification and sessions. */
@Module({
  imports: [MikroOrmModule.forFeature([User, EmailVerificationToken, RefreshSession])],
  controllers: [
    RegisterUserController,
    RequestVerificationEmailController,
    VerifyEmailController,
    LogInController,
    RefreshSessionController,
    LogOutController,
  ],
  providers: [UserRepository, PasswordHasher, RefreshSessions, ...commandHandlers],
  exports: [UserRepository, PasswordHasher],
})
export class AccountsModule {}
