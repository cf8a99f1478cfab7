import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { GetWaitlistStandingHandler } from './queries/get-waitlist-standing/get-waitlist-standing.handler.js';
import { GetWaitlistStandingController } from './queries/get-waitlist-standing/get-waitlist-standing.controller.js';

/**
 * Early-access queue: place by join order, ten places up per verified referral, and the share link. The
 * ranks it reads are accounts' (WaitlistStandings), so this context has no table of its own.
 */
@Module({
  imports: [AccountsModule],
  controllers: [GetWaitlistStandingController],
  providers: [GetWaitlistStandingHandler],
})
export class WaitlistModule {}
