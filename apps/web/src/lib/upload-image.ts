import { calls } from './calls';
import { type Payload, request } from './request';

/** The server takes JPEG, PNG or WebP of at most 5 MB (contract: imageUploadCall). */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * POST /api/common/image_upload, multipart field `file` → `{url}` (a private image: the deposit's
 * proof, the ID's two sides). Goes through the request layer (its `lang` and `authorization`
 * headers, envelope and toasts); axios sends a FormData body as multipart with its boundary.
 * Spec §7: uploads show a loading indicator.
 */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { url } = await request<{ url: string }>(
    calls.imageUpload.method,
    calls.imageUpload.path,
    form as unknown as Payload,
    { loading: true },
  );
  return url;
}
