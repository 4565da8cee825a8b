import { staffUploadLogoCall } from '@meridian/contracts';
import { uploadStaff } from '../../../lib/staff-client';

/** What the server takes as a logo (checked again there, by content). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** Whether a picked file may be sent: a PNG, JPEG or WebP of at most 5 MB. */
export function isAcceptableLogo(file: { type: string; size: number }): boolean {
  return (LOGO_TYPES as readonly string[]).includes(file.type) && file.size <= LOGO_MAX_BYTES;
}

/** POST /instruments/:id/logo: multipart/form-data with one `file`; answers the updated instrument. */
export function uploadLogo(id: number, file: Blob) {
  const form = new FormData();
  form.append('file', file);
  return uploadStaff(staffUploadLogoCall, { params: { id }, form });
}
