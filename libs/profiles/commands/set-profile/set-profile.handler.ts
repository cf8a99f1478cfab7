import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { Outbox } from '../../../messaging/outbox.js';
import { ProfileErrors } from '../../profile-errors.js';
import { ProfileRepository } from '../../profile.repository.js';
import type { ProfileView } from '../../profile-view.js';
import { saveProfiles } from './save-profiles.js';
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
      await saveProfiles(em, this.outbox, [{ userId: command.userId, fields: command.fields }]);
      await em.flush();
      const view = await this.profiles.findView(command.userId, em);
      if (!view) throw ProfileErrors.noProfile();
      return view;
    });
  }
}
