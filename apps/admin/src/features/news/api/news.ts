import {
  type StaffCallBody,
  type StaffCallQuery,
  type StaffNewsArticle,
  staffCreateNewsCall,
  staffNewsArticleCall,
  staffNewsImageCall,
  staffNewsListCall,
  staffPublishNewsCall,
  staffUnpublishNewsCall,
  staffUpdateNewsCall,
} from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff, sendStaff, uploadStaff } from '../../../lib/staff-client';

/**
 * News in the back office (content role): the list by state, one article with every language
 * version, create / update (the server sanitises the HTML), publish now or at a time, unpublish,
 * and public image uploads for the cover and the article body.
 */
export type NewsListQuery = StaffCallQuery<typeof staffNewsListCall>;
export type NewsBody = StaffCallBody<typeof staffCreateNewsCall>;
export type NewsVersion = NewsBody['translations'][number];

export const newsKeys = {
  all: ['news'] as const,
  list: (query: NewsListQuery) => ['news', 'list', query] as const,
  article: (id: number) => ['news', 'article', id] as const,
};

export function useNewsList(query: NewsListQuery) {
  return useQuery({
    queryKey: newsKeys.list(query),
    queryFn: ({ signal }) => callStaff(staffNewsListCall, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNewsArticle(id: number | null) {
  return useQuery({
    queryKey: newsKeys.article(id ?? 0),
    queryFn: ({ signal }) => callStaff(staffNewsArticleCall, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    // The editor shows its own failure; what it holds is edited, not refreshed under the writer.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}

export const createNews = (body: NewsBody) => sendStaff(staffCreateNewsCall, { body });

export const updateNews = (id: number, body: NewsBody) =>
  sendStaff(staffUpdateNewsCall, { params: { id }, body });

/** Publish now (`publishAt` null) or at a future ISO time (the article is then scheduled). */
export const publishNews = (id: number, publishAt: string | null) =>
  sendStaff(staffPublishNewsCall, { params: { id }, body: { publishAt } });

export const unpublishNews = (id: number) => sendStaff(staffUnpublishNewsCall, { params: { id } });

/** Uploads an image (multipart `file`) and answers its public URL (/static/upload/…). */
export async function uploadNewsImage(file: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await uploadStaff(staffNewsImageCall, { form })).data.url;
}

export type { StaffNewsArticle };
