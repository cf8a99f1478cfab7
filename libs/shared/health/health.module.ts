import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthRegistry } from './health-registry.js';
import { Readiness } from './readiness.js';

@Global()
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [HealthRegistry, Readiness],
  exports: [HealthRegistry, Readiness],
})
export class HealthModule {}
