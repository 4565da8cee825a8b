import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { BootFallback, FooterLayout, RequireAuth, RootLayout } from './layouts';
import { RouteError } from './route-error';

/**
 * Every route of spec §2 (hash router). Screens are lazy chunks; the screens of later issues
 * render the shared ComingSoon screen, titled from the route's `handle.title` catalog key.
 */
export interface RouteHandle {
  title: string;
}

const comingSoon = (title: string): RouteObject => ({
  handle: { title } satisfies RouteHandle,
  lazy: () => import('./routes/coming-soon'),
});

/**
 * The wallet screens and real-name verification need a session: a logged-out visit goes to
 * /login?from=<path+query>, as for /order and /user. A demo account sees the screens' 'real
 * account' notice (the server refuses it).
 */
const account: RouteObject = {
  element: <RequireAuth />,
  children: [
    { path: 'mine/auth', lazy: () => import('./routes/real-name') },
    { path: 'mine/history', lazy: () => import('./routes/history') },
    { path: 'mine/charge', lazy: () => import('./routes/charge') },
    { path: 'mine/withdraw', lazy: () => import('./routes/withdraw') },
    { path: 'mine/wallet', lazy: () => import('./routes/wallet') },
    { path: 'mine/bank-card-list', lazy: () => import('./routes/bank-card-list') },
    { path: 'mine/coin-address-list', lazy: () => import('./routes/coin-address-list') },
    { path: 'mine/withdraw-way', lazy: () => import('./routes/withdraw-way') },
  ],
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    HydrateFallback: BootFallback,
    errorElement: <RouteError />,
    children: [
      {
        element: <FooterLayout />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: 'trade', lazy: () => import('./routes/trade') },
          {
            element: <RequireAuth />,
            children: [
              { path: 'order', lazy: () => import('./routes/order') },
              { path: 'user', lazy: () => import('./routes/user') },
            ],
          },
          { path: 'news', lazy: () => import('./routes/news') },
          { path: 'rank', lazy: () => import('./routes/rank') },
        ],
      },
      { path: 'news/detail', lazy: () => import('./routes/news-detail') },
      { path: 'feedback', ...comingSoon('screens.feedback') },
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'register', lazy: () => import('./routes/register') },
      { path: 'forgot', lazy: () => import('./routes/forgot') },
      { path: 'product', lazy: () => import('./routes/product') },
      { path: 'mine/invite', lazy: () => import('./routes/invite') },
      { path: 'mine/email', lazy: () => import('./routes/email') },
      { path: 'mine/announcement', lazy: () => import('./routes/announcement') },
      { path: 'mine/password', lazy: () => import('./routes/password') },
      { path: 'mine/chat', lazy: () => import('./routes/chat') },
      { path: 'mine/system', lazy: () => import('./routes/system') },
      account,
      { path: 'language', lazy: () => import('./routes/language') },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createHashRouter(routes);
