import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { queryInt, queryRowId } from '../query-fields.ts';

/**
 * News (spec §2 /news, /news/detail, §3 news item, §7). Public. Text comes in the request's `lang`
 * when the article has that version, else English, else the default language (hk), else the first
 * version it has (DECISIONS "News languages"). `content` is HTML sanitised when saved; clients
 * sanitise it again before showing it.
 */

/** Articles a page of /api/news/list holds. */
export const NEWS_PAGE_SIZE = 10;

export const newsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  logo: z.string().describe('Public image URL, or empty'),
  created_at: z.string().describe('Publish time, yyyy-MM-dd HH:mm:ss (London)'),
});
export type NewsItem = z.infer<typeof newsItem>;

export const newsDetail = newsItem.extend({
  content: z.string().describe('Sanitised HTML'),
  lang: z.string().describe('The language of the version served'),
});
export type NewsDetail = z.infer<typeof newsDetail>;

export const newsListCall = defineCall({
  method: 'GET',
  path: '/api/news/list',
  auth: 'none',
  tag: 'news',
  summary: `Published news, newest first, ${NEWS_PAGE_SIZE} a page`,
  query: z.object({
    category_id: queryRowId().default(1),
    page: queryInt(1, 100_000).default(1),
  }),
  data: z.object({ data: z.array(newsItem), total: z.number().int() }),
});

export const newsInfoCall = defineCall({
  method: 'GET',
  path: '/api/news/info',
  auth: 'none',
  tag: 'news',
  summary: 'One published article with its content (a draft or a scheduled one answers as not found)',
  query: z.object({ id: queryRowId() }),
  data: newsDetail,
});
