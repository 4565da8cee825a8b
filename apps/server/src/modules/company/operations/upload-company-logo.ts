import path from 'node:path';
import { storeImage } from '../../uploads/image-upload.ts';
import type { CompanyDeps } from '../company-deps.ts';

/** Longest side of a company logo (the popup shows it small; the same as instrument logos). */
const COMPANY_LOGO_MAX_SIDE = 256;

/**
 * Stores a company logo (checked by content, re-encoded without metadata) as a public file and
 * returns its URL for the company form. Audited when a company using it is saved.
 */
export async function uploadCompanyLogo(
  deps: Pick<CompanyDeps, 'publicUploadDir'>,
  input: { readFile: () => Promise<Buffer> },
): Promise<{ url: string }> {
  const stored = await storeImage(await input.readFile(), path.join(deps.publicUploadDir, 'company'), {
    maxSide: COMPANY_LOGO_MAX_SIDE,
  });
  return { url: `/static/upload/company/${stored.name}` };
}
