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
import { RequestPasswordResetHandler } from './commands/request-password-reset/request-password-reset.handler.js';
import { RequestPasswordResetController } from './commands/request-password-reset/request-password-reset.controller.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import { ResetPasswordController } from './commands/reset-password/reset-password.controller.js';
import { CheckResetLinkController } from './queries/check-reset-link/check-reset-link.controller.js';
import { CheckResetLinkHandler } from './queries/check-reset-link/check-reset-link.handler.js';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler.js';
import { ChangePasswordController } from './commands/change-password/change-password.controller.js';
import { DeleteAccountHandler } from './commands/delete-account/delete-account.handler.js';
import { DeleteAccountController } from './commands/delete-account/delete-account.controller.js';
import { SetAccountSuspensionHandler } from './commands/suspend-account/set-account-suspension.handler.js';
import { PurgeUnverifiedAccountsHandler } from './commands/purge-unverified-accounts/purge-unverified-accounts.handler.js';
import { PurgeUnverifiedAccountsScheduler } from './commands/purge-unverified-accounts/purge-unverified-accounts.scheduler.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { AccountDeletion } from './account-deletion.js';
import { ActiveUserAccounts } from './active-user-accounts.js';
import { WaitlistStandings } from './waitlist-standings.js';
import { NameAccountController } from './commands/name-account/name-account.controller.js';
import { NameAccountHandler } from './commands/name-account/name-account.handler.js';
import { ActiveAccounts } from '../shared/auth/active-accounts.port.js';
import { RateLimitsModule } from '../shared/rate-limits/rate-limits.module.js';

const commandHandlers = [
  RegisterUserHandler,
  RequestVerificationEmailHandler,
  VerifyEmailHandler,
  LogInHandler,
  RefreshSessionHandler,
  LogOutHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  ChangePasswordHandler,
  DeleteAccountHandler,
  SetAccountSuspensionHandler,
  PurgeUnverifiedAccountsHandler,
  NameAccountHandler,
];

/** Sign-up, email verification, sessions, password recovery, deletion and suspension of accounts. */
@Module({
  imports: [
    MikroOrmModule.forFeature([User, EmailVerificationToken, RefreshSession, PasswordResetToken]),
    // The sign-in routes' @AuthThrottle needs the shared limits wherever the controllers load (CLI too).
    RateLimitsModule,
  ],
  controllers: [
    RegisterUserController,
    RequestVerificationEmailController,
    VerifyEmailController,
    LogInController,
    RefreshSessionController,
    LogOutController,
    RequestPasswordResetController,
    ResetPasswordController,
    CheckResetLinkController,
    ChangePasswordController,
    DeleteAccountController,
    NameAccountController,
  ],
  providers: [
    UserRepository,
    WaitlistStandings,
    PasswordHasher,
    RefreshSessions,
    AccountDeletion,
    PurgeUnverifiedAccountsScheduler,
    { provide: ActiveAccounts, useClass: ActiveUserAccounts },
    ...commandHandlers,
    CheckResetLinkHandler,
  ],
  exports: [UserRepository, WaitlistStandings, PasswordHasher, ActiveAccounts],
})
export class AccountsModule {}
