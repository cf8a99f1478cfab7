import { Global, Module } from '@nestjs/common';

/**
 * Where the embedding model runs. It belongs to matcher processes: in the distributed deployment the gateway
 * imports GatewayWithoutModelModule, and its TextEmbeddings then never loads the model (it would take a worker
 * thread and hundreds of MB in every gateway); request paths there use stored vectors and embeddings only.
 */
export const MODEL_LOADS_HERE = Symbol('the embedding model loads in this process');

@Global()
@Module({ providers: [{ provide: MODEL_LOADS_HERE, useValue: false }], exports: [MODEL_LOADS_HERE] })
export class GatewayWithoutModelModule {}
