// No zod here: the web app imports this alone (`@meridian/contracts/service-link`).

/**
 * The customer-service link as clients may use it: an http(s) address, else '' (none). Clients
 * frame or follow it, where a `javascript:` link would run in the trader's session; the back
 * office saves only http(s) links, and this keeps one saved earlier from being served or used.
 */
export function serviceLinkOf(link: string | undefined): string {
  const trimmed = (link ?? '').trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : '';
}
