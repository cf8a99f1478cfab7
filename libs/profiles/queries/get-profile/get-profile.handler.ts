import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ProfileAccess } from '../../profile-access.js';
import { ProfileErrors } from '../../profile-errors.js';
import { ProfileRepository } from '../../profile.repository.js';
import type { ProfileView } from '../../profile-view.js';
import { GetProfileQuery } from './get-profile.query.js';

@QueryHandler(GetProfileQuery)
export class GetProfileHandler implements IQueryHandler<GetProfileQuery> {
  constructor(
    private readonly access: ProfileAccess,
    private readonly profiles: ProfileRepository,
  ) {}

  async execute(query: GetProfileQuery): Promise<ProfileView> {
    // Access before existence: a stranger learns nothing, not even whether a profile exists.
    await this.access.assertCanView({ id: query.viewerId }, query.ownerId);
    const view = await this.profiles.findView(query.ownerId);
    if (!view) throw ProfileErrors.noProfile();
    return view;
  }
}
