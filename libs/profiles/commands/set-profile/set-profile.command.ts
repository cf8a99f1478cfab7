import { Command } from '@nestjs/cqrs';
import type { ProfileFields } from '../../profile-view.js';
import type { ProfileView } from '../../profile-view.js';

export class SetProfileCommand extends Command<ProfileView> {
  constructor(
    readonly userId: string,
    readonly fields: ProfileFields,
  ) {
    super();
  }
}
