import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../../config/app-config.js';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens, accessTokenKey } from './access-tokens.js';
import { AccessTokenGuard } from './access-token.guard.js';
import { AccessTokenVerifier } from './access-token-verifier.js';

@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // @nestjs/jwt's types predate KeyObject; it hands the value to jsonwebtoken as it is.
        secret: accessTokenKey(config) as unknown as Buffer,
        signOptions: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [AccessTokens, AccessTokenVerifier, { provide: APP_GUARD, useClass: AccessTokenGuard }],
  exports: [AccessTokens, AccessTokenVerifier],
})
export class AuthModule {}
