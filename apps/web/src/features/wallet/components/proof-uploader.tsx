import type { ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '../../../components/image-upload-field';

interface ProofUploaderProps {
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
}

/** The deposit's proof image (spec §2, §9: one image), sent as proofImg. */
export function ProofUploader({ value, onChange }: ProofUploaderProps) {
  const { t } = useTranslation();
  return (
    <ImageUploadField
      label={t('wallet.proof')}
      hint={t('wallet.proofHint')}
      value={value}
      onChange={onChange}
      testId="proof-upload"
    />
  );
}
