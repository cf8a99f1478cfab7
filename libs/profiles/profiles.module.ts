import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AccountsModule } from '../accounts/accounts.module.js';
import { SafetyModule } from '../safety/safety.module.js';
import { Profile } from './profile.entity.js';
import { ProfileRepository } from './profile.repository.js';
import { ProfileAccess } from './profile-access.js';
import { SetProfileHandler } from './commands/set-profile/set-profile.handler.js';
import { SetProfileController } from './commands/set-profile/set-profile.controller.js';
import { GetProfileHandler } from './queries/get-profile/get-profile.handler.js';
import { GetProfileController } from './queries/get-profile/get-profile.controller.js';

/**
 * The user's profile: the form, its read rule (self or matched-with) and the card view matches show. The
 * rule and the view ask accounts and safety through their modules, matching through the ShownMatches port
 * and images through the ProfilePhotos port (both sit above profiles: they implement and bind the ports).
 */
@Module({
  imports: [MikroOrmModule.forFeature([Profile]), AccountsModule, SafetyModule],
  controllers: [SetProfileController, GetProfileController],
  providers: [ProfileRepository, ProfileAccess, SetProfileHandler, GetProfileHandler],
  exports: [ProfileRepository, ProfileAccess],
})
export class ProfilesModule {}
