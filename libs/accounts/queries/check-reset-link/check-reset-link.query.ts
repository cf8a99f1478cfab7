import { Query } from '@nestjs/cqrs';

/** Whether a mailed reset link still works, before its page asks for a new password. */
export class CheckResetLinkQuery extends Query<{ valid: true }> {
  constructor(
    readonly userId: string,
    readonly token: string,
  ) {
    super();
  }
}
