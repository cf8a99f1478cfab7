import { Command } from '@nestjs/cqrs';

export type InterestAnswer =
  { interested: true; mutual: false } | { interested: true; mutual: true; connectionId: string };

export class ExpressInterestCommand extends Command<InterestAnswer> {
  constructor(
    readonly userId: string,
    readonly targetId: string,
  ) {
    super();
  }
}
