import { useState } from 'react';
import { assetUrl } from '../../../lib/api-host';
import styles from './product.module.css';

/** A company's logo, or its initial when it has none or it fails to load. */
export function CompanyLogo({ src, name, alt = '' }: { src: string; name: string; alt?: string }) {
  const [failed, setFailed] = useState(!src);
  if (failed) {
    return (
      <span className={styles.logoFallback} aria-hidden="true">
        {name.match(/[\p{L}\p{N}]/u)?.[0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  return (
    <img
      className={styles.logo}
      src={assetUrl(src)}
      alt={alt}
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
