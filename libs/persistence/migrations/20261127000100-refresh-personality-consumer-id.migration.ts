import { Migration } from '@mikro-orm/migrations';

/**
 * Matching's profile and quiz consumers are one (RefreshPersonalityWhenProfileOrQuizChanges, id
 * 'matching.refresh-personality', the id its processed-event marks already use): the letters parked under
 * the two class names move to it, so `fated events replay` still finds their consumer.
 */
export class Migration20261127000100RefreshPersonalityConsumerId extends Migration {
  override up(): void {
    this.addSql(`update dead_letter set consumer = 'matching.refresh-personality'
      where consumer in ('RefreshPersonalityWhenProfileUpdated', 'RefreshPersonalityWhenQuizSubmitted')`);
  }
}
