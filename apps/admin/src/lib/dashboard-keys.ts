/**
 * The dashboard's cache key. It lives here, not in the dashboard feature, because the review queues
 * (deposits, withdrawals) read the dashboard's counts again after a review, and features do not
 * import each other.
 */
export const dashboardKeys = { all: ['dashboard'] as const };
