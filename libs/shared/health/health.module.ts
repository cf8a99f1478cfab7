import { Global, Module } from '@nestjs/common';
import { HealthRegistry } from './health-registry.js';

@Global()
@Module({ providers: [HealthRegistry], exports: [HealthRegistry] })
export class HealthModule {}
