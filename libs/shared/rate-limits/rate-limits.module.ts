import { Module } from '@nestjs/common';
import { AuthLimits } from './auth-limits.js';

/** The shared sign-in limits, for the controllers that carry @AuthThrottle (imported by their module). */
@Module({ providers: [AuthLimits], exports: [AuthLimits] })
export class RateLimitsModule {}
