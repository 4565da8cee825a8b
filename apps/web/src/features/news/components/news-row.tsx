import type { NewsItem } from '@meridian/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { assetUrl } from '../../../lib/api-host';
import styles from './news.module.css';

/** The date part of the server's `yyyy-MM-dd HH:mm:ss` (London). */
export const dateOf = (createdAt: string) => createdAt.slice(0, 10);

/** One article of the list: title, summary, date and its picture when it has one; opens the article. */
export function NewsRow({ item }: { item: NewsItem }) {
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <Link to={`/news/detail?id=${item.id}`} className={styles.row} data-testid="news-row">
      <span className={styles.rowText}>
        <span className={styles.rowTitle} data-testid="news-title">
          {item.title}
        </span>
        {item.desc ? <span className={styles.rowDesc}>{item.desc}</span> : null}
        <time className={`${styles.date} num`} dateTime={dateOf(item.created_at)}>
          {dateOf(item.created_at)}
        </time>
      </span>
      {item.logo && !logoFailed ? (
        // Decorative: the title next to it says what the article is.
        <img
          className={styles.thumb}
          src={assetUrl(item.logo)}
          alt=""
          width={88}
          height={66}
          loading="lazy"
          decoding="async"
          onError={() => setLogoFailed(true)}
        />
      ) : null}
    </Link>
  );
}
