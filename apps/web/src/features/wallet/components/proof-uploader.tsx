import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, uploadImage } from '../api/upload-image';
import styles from './wallet.module.css';

interface ProofUploaderProps {
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
}

/**
 * The deposit's proof image (spec §2, §9: one image). The file goes to image_upload as soon as it is
 * picked; the item's `url` is the server's (sent as proofImg), its thumbnail the local file (the
 * uploaded image is private and cannot be shown by a plain <img>).
 */
export function ProofUploader({ value, onChange }: ProofUploaderProps) {
  const { t } = useTranslation();
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  return (
    <>
      <fieldset className={styles.group} data-testid="proof-upload">
        <legend className={styles.label}>{t('wallet.proof')}</legend>
        <ImageUploader
          value={value}
          onChange={onChange}
          maxCount={1}
          accept={IMAGE_TYPES}
          beforeUpload={(file) => {
            if (file.size > MAX_IMAGE_BYTES) {
              toast(t('wallet.imageTooLarge'));
              return null;
            }
            return file;
          }}
          upload={async (file) => {
            const url = await uploadImage(file);
            const thumbnailUrl = URL.createObjectURL(file);
            previews.current.add(thumbnailUrl);
            return { url, thumbnailUrl };
          }}
          onDelete={(item) => {
            if (item.thumbnailUrl) {
              URL.revokeObjectURL(item.thumbnailUrl);
              previews.current.delete(item.thumbnailUrl);
            }
          }}
          preview={false}
          showFailed={false}
        />
      </fieldset>
      <p className={styles.hint}>{t('wallet.proofHint')}</p>
    </>
  );
}
