import { useTranslation } from 'react-i18next';
import { usePrivateImage } from '../../../lib/private-image';
import styles from './real-name.module.css';

/**
 * One side of the submitted ID: a private image, fetched with the session's header and shown
 * through an object URL (lib/private-image.ts).
 */
export function IdImage({
  url,
  caption,
  alt,
  testId,
}: {
  url: string;
  caption: string;
  alt: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const image = usePrivateImage(url);
  return (
    <figure className={styles.figure}>
      <figcaption>{caption}</figcaption>
      <div className={styles.thumb} data-testid={testId} aria-busy={!image.src && !image.isError}>
        {image.src ? (
          <img src={image.src} alt={alt} />
        ) : image.isError ? (
          <span>{t('realName.imageUnavailable')}</span>
        ) : null}
      </div>
    </figure>
  );
}
