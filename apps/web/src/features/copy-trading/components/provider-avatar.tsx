import { useState } from 'react';
import { assetUrl } from '../../../lib/api-host';
import { initialOf } from '../format';
import styles from './copy-trading.module.css';

/** A few calm backgrounds for avatars without a picture, chosen by the name (the same name, the same colour). */
const TINTS = ['#2f4a7a', '#35615a', '#6a4a7c', '#7a5a2f', '#34597a', '#6d3f4f'];
const tintOf = (name: string) => {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return TINTS[h % TINTS.length];
};

/**
 * A provider's picture, or their initial on a tint when there is none (or it cannot be loaded).
 * Decorative: the nickname is always written next to it.
 */
export function ProviderAvatar({ src, name, size = 44 }: { src: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (src && !failed)
    return (
      <img
        className={styles.avatar}
        style={style}
        src={assetUrl(src)}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  return (
    <span className={styles.avatar} style={{ ...style, background: tintOf(name) }} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
