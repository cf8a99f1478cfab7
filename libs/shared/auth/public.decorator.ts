import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Marks a route that needs no access token (login, register, verification, refresh, logout, health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
