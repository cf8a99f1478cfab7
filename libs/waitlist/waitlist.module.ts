import { Module } from '@nestjs/common';
import { WaitlistRepository } from './waitlist.repository.js';
import { GetWaitlistStandingHandler } from './queries/get-waitlist-standing/get-waitlist-standing.handler.js';
import { GetWaitlistStandingController } from './queries/get-waitlist-standing/get-waitlist-standing.controller.js';

/** Early-access queue: place by join order, ten places up per verified referral, and the share link. */
@Module({
  controllers: [GetWaitlistStandingController],
  providers: [WaitlistRepository, GetWaitlistStandingHandler],
})
export class WaitlistModule {}
