import { Query } from '@nestjs/cqrs';

export interface ReceivedInterestView {
  userId: string;
  name: string;
  imageUrl: string | null;
  percent: number;
  summary: string;
  at: string;
}

export class ListReceivedInterestQuery extends Query<ReceivedInterestView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
