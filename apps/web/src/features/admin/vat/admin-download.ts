import { apiClient } from '../../../lib/api-client';
import { fileNameOf, saveFile } from '../../../lib/save-file';
import { ADMIN_ROOT } from '../admin-api';

/** Downloads a console file (an invoice PDF, a sales register) under the name the server gives. */
export async function adminDownload(path: string, fallback: string, query?: Record<string, string>) {
  const answer = await apiClient.get<Blob>(path, {
    baseURL: ADMIN_ROOT,
    params: query,
    responseType: 'blob',
    // A year's sales register is large: no time limit.
    timeout: 0,
  });
  saveFile(answer.data, fileNameOf(answer.headers['content-disposition'], fallback));
}
