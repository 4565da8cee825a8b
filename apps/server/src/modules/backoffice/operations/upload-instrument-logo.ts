import path from 'node:path';
import type { staffUploadLogoCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { storeImage } from '../../uploads/image-upload.ts';
import { findInstrument, updateInstrument } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { toStaffInstrument } from '../staff-instrument.mapper.ts';

/** Stores an uploaded logo (at most 256 px a side) and shows it for the instrument. */
export async function uploadInstrumentLogo(
  deps: Pick<BackofficeDeps, 'db' | 'market' | 'publicUploadDir'>,
  input: Pick<StaffContext<typeof staffUploadLogoCall>, 'params' | 'audit'> & {
    /** Reads the uploaded file; called only once the instrument is known to exist. */
    readFile: () => Promise<Buffer>;
  },
) {
  const { params, audit } = input;
  const before = await findInstrument(deps.db, params.id);
  if (!before) throw new AppError('STAFF_TARGET_NOT_FOUND');
  const data = await input.readFile();
  const stored = await storeImage(data, path.join(deps.publicUploadDir, 'logo'), { maxSide: 256 });
  const after = (await updateInstrument(deps.db, params.id, { logo: `/static/upload/logo/${stored.name}` }))!;
  deps.market.applyInstrument(after);
  audit({
    action: 'instrument.logo',
    targetType: 'instrument',
    targetId: params.id,
    before: { logo: before.logo },
    after: { logo: after.logo, width: stored.width, height: stored.height, bytes: stored.bytes },
  });
  return toStaffInstrument(after);
}
