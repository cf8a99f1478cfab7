/** What other contexts may use of profiles; everything else in libs/profiles is its own (.dependency-cruiser.cjs). */
export * from './events/profile-updated.event.js';
export * from './profile-access.js';
export * from './profile-photos.port.js';
export * from './profile-rules.js';
export * from './profile.entity.js';
export * from './profile.repository.js';
export * from './profile-view.js';
export * from './queries/get-profile/get-profile.query.js';
export { saveProfiles } from './commands/set-profile/save-profiles.js';
export { SetProfileCommand } from './commands/set-profile/set-profile.command.js';
export { SetProfileDto } from './commands/set-profile/set-profile.dto.js';
