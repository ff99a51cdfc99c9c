import type { Sop } from '@sopwright/contracts';
import { generationIdHeader } from '@sopwright/contracts/constants';
import { getToken, workspaceHeaders } from '@sopwright/web-client';

/** Fails like an RTK Query error ({ status, data }), so errorMessage() reads the server's message. */
export interface UploadFailure {
  status: number | 'FETCH_ERROR';
  data?: unknown;
}

/**
 * POSTs a multipart generation request with XMLHttpRequest, the one browser API that reports
 * upload progress (videos reach 100MB). Resolves with the SOP once the server has made it.
 */
export function uploadGeneration(path: string, form: FormData, generationId: string, onUploadProgress: (fraction: number) => void): Promise<Sop> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.responseType = 'json';
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader(generationIdHeader, generationId);
    // The SOP is made in the workspace the app works in, as for text (the API client adds it there).
    for (const [name, value] of Object.entries(workspaceHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as Sop);
      else reject({ status: request.status, data: request.response } satisfies UploadFailure);
    };
    request.onerror = () => reject({ status: 'FETCH_ERROR' } satisfies UploadFailure);
    request.send(form);
  });
}
