import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { RegisterUserCommand } from '../../libs/accounts/index.js';
import { UploadImageCommand } from '../../libs/images/index.js';
import { SetProfileCommand } from '../../libs/profiles/index.js';
import { SubmitQuizCommand } from '../../libs/quiz/index.js';
import { DomainError } from '../../libs/shared/domain-error.js';
import { seedAvatar } from './avatar.js';
import { seedRequests } from './seed-requests.js';
import type { SeedUser } from './seed-user-generator.js';
import { verifySeedEmail } from './verify-seed-email.js';

export type SeedResult = 'created' | 'existing';

/**
 * Seeds one user at a time through the API's own commands, in the order the SPA sends them:
 * RegisterUser → (verification) VerifyEmail → SetProfile → UploadImage → SubmitQuiz. Every handler,
 * check and event is the one a real sign-up goes through.
 */
export class CommandSeeder {
  private readonly commands: CommandBus;
  private readonly orm: MikroORM;

  constructor(
    app: INestApplicationContext,
    private readonly options: { seed: number; password: string; avatars: boolean },
  ) {
    this.commands = app.get(CommandBus);
    this.orm = app.get(MikroORM);
  }

  async seed(user: SeedUser): Promise<SeedResult> {
    const requests = seedRequests(user, this.options.password);
    const { name, email, password } = requests.register;
    let userId: string;
    try {
      ({ id: userId } = await this.commands.execute(
        new RegisterUserCommand(name, email, password, undefined),
      ));
    } catch (error) {
      // Seeding is repeatable: a user of this seed made by an earlier run is left as it is.
      if (error instanceof DomainError && error.code === 'email-in-use') return 'existing';
      throw error;
    }
    if (user.stage === 'registered') return this.withAvatar(user, userId);
    await verifySeedEmail(this.orm, this.commands, userId);
    if (user.stage === 'verified') return this.withAvatar(user, userId);
    await this.commands.execute(new SetProfileCommand(userId, requests.profile(userId)));
    await this.withAvatar(user, userId);
    if (user.stage === 'complete')
      await this.commands.execute(new SubmitQuizCommand(userId, requests.quiz(userId)));
    return 'created';
  }

  private async withAvatar(user: SeedUser, userId: string): Promise<SeedResult> {
    if (this.options.avatars) {
      await this.commands.execute(new UploadImageCommand(userId, await seedAvatar(user, this.options.seed)));
    }
    return 'created';
  }
}
