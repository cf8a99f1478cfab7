import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessTokens } from './access-tokens.js';
import { AccessTokenGuard } from './access-token.guard.js';

@Global()
@Module({
  providers: [AccessTokens, { provide: APP_GUARD, useClass: AccessTokenGuard }],
  exports: [AccessTokens],
})
export class AuthModule {}
