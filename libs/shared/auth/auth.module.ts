import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../../config/app-config.js';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './access-tokens.js';
import { AccessTokenGuard } from './access-token.guard.js';
import { AccessTokenStrategy } from './access-token.strategy.js';

@Global()
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: config.jwt.accessSecret,
        signOptions: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [AccessTokens, AccessTokenStrategy, { provide: APP_GUARD, useClass: AccessTokenGuard }],
  exports: [AccessTokens],
})
export class AuthModule {}
