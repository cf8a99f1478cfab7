import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { User } from './user.entity.js';

/** Intention-revealing reads of accounts. */
@Injectable()
export class UserRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: string, em: EntityManager = this.em): Promise<User | null> {
    return em.findOne(User, { id });
  }

  findByEmail(email: string, em: EntityManager = this.em): Promise<User | null> {
    return em.findOne(User, { email: normalizeEmail(email) });
  }

  findByReferralCode(code: string, em: EntityManager = this.em): Promise<User | null> {
    return em.findOne(User, { referralCode: code.trim().toUpperCase() });
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
