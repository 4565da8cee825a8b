export const instrumentKeys = {
  all: ['instruments'] as const,
  list: ['instruments', 'list'] as const,
  categories: ['instruments', 'categories'] as const,
};
