import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, uploadImage } from '../lib/upload-image';
import styles from './image-upload-field.module.css';

interface ImageUploadFieldProps {
  label: string;
  hint?: string;
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
  testId: string;
  /** Extra class of the group (a screen's own slot size: `--cell-size` of `.adm-image-uploader`). */
  className?: string;
}

/**
 * One private image (spec §9: one image per upload slot): a deposit's proof, a side of an ID. The
 * file goes to image_upload as soon as it is picked; the item's `url` is the server's (what the form
 * sends), its thumbnail the local file (the uploaded image is private: a plain <img> cannot show it).
 */
export function ImageUploadField({ label, hint, value, onChange, testId, className }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const previews = useRef(new Set<string>());
  const group = useRef<HTMLFieldSetElement>(null);

  // antd-mobile's uploader draws its thumbnail <img> without alt text (axe: image-alt, serious): name
  // it after the slot as it appears ('ID front'), whenever the uploader puts one in.
  useEffect(() => {
    const root = group.current;
    if (!root) return;
    const name = () => {
      for (const img of root.querySelectorAll('img:not([alt])')) img.setAttribute('alt', label);
    };
    name();
    const watch = new MutationObserver(name);
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [label]);

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  return (
    <>
      <fieldset
        ref={group}
        className={className ? `${styles.group} ${className}` : styles.group}
        data-testid={testId}
      >
        <legend className={styles.label}>{label}</legend>
        <ImageUploader
          value={value}
          onChange={onChange}
          maxCount={1}
          accept={IMAGE_TYPES}
          beforeUpload={(file) => {
            if (file.size > MAX_IMAGE_BYTES) {
              toast(t('common.imageTooLarge'));
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
      {hint ? <p className={styles.hint}>{hint}</p> : null}
    </>
  );
}
