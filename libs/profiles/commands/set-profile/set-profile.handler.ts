import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { ProfileUpdated } from '../../events/profile-updated.event.js';
import { ProfileErrors } from '../../profile-errors.js';
import { ProfileRepository } from '../../profile.repository.js';
import type { ProfileView } from '../../profile-view.js';
import { SetProfileCommand } from './set-profile.command.js';

@CommandHandler(SetProfileCommand)
export class SetProfileHandler implements ICommandHandler<SetProfileCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly profiles: ProfileRepository,
    private readonly outbox: Outbox,
  ) {}

  execute(command: SetProfileCommand): Promise<ProfileView> {
    return this.orm.em.fork().transactional(async (em) => {
      await this.profiles.saveForUser(command.userId, command.fields, em);
      // The event commits with the profile, so the matcher never misses (or sees a phantom) change.
      const { gender, preferredSex, bio } = command.fields;
      this.outbox.record(
        em,
        new ProfileUpdated(command.userId, { userId: command.userId, gender, preferredSex, bio }),
      );
      await em.flush();
      const view = await this.profiles.findView(command.userId, em);
      if (!view) throw ProfileErrors.noProfile();
      return view;
    });
  }
}
