/** A loaded sentence-embedding model: unit-length vectors, so a dot product is the cosine similarity. */
export interface Embedder {
  readonly modelId: string;
  readonly dimension: number;
  embed(texts: string[]): Promise<Float32Array[]>;
}
