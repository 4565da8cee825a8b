/** Cache keys of the users feature: every entry starts with 'users' so an action refreshes them all. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: object) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  orders: (id: number, page: number, pageSize: number) => ['users', 'orders', id, page, pageSize] as const,
  ledger: (id: number, page: number, pageSize: number) => ['users', 'ledger', id, page, pageSize] as const,
  referrals: (id: number) => ['users', 'referrals', id] as const,
  invitees: (id: number, page: number, pageSize: number) =>
    ['users', 'invitees', id, page, pageSize] as const,
};
