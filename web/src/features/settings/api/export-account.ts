import { api } from '@/lib/api-client';

/** GET /account/export: everything Fated holds about the signed-in person, as one JSON file. */
export async function exportAccount(): Promise<Blob> {
  const { blob } = await api.getBlob('/account/export');
  return blob;
}
