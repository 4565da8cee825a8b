/** Cache keys of the copy-trading screens; a provider review reads every one of them again. */
export const copyKeys = {
  all: ['copy'] as const,
  providers: (query: object) => ['copy', 'providers', query] as const,
  provider: (uid: string) => ['copy', 'provider', uid] as const,
  providerOptions: (q: string) => ['copy', 'provider-options', q] as const,
  follows: (query: object) => ['copy', 'follows', query] as const,
  follow: (id: number) => ['copy', 'follow', id] as const,
  followRow: (id: number) => ['copy', 'follow-row', id] as const,
  refusals: (query: object) => ['copy', 'refusals', query] as const,
  fees: (query: object) => ['copy', 'fees', query] as const,
  userOfUid: (uid: string) => ['copy', 'user-of-uid', uid] as const,
};
