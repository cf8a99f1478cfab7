import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default cost. */
@Injectable()
export class PasswordHasher {
  // Verified against when the email is unknown, so both paths cost one argon2 verification.
  private readonly decoy = hash('decoy-password-for-timing');

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }
}
