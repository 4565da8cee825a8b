/**
 * Query keys of the news screens. The language is not part of them: a language change invalidates
 * every query (app/bootstrap.tsx), and the articles come back in the new one.
 */
export const newsKeys = {
  all: ['news'] as const,
  list: ['news', 'list'] as const,
  detail: (id: number) => ['news', 'detail', id] as const,
};
