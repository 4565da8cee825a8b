import type { App } from 'antd';
import { i18n } from './i18n';
import { StaffApiError } from './staff-client';

/**
 * antd's message API from `App.useApp()` (it follows the theme and locale, unlike the static
 * `message`), bound once by <MessageBridge/> so the query cache and the client can use it.
 */
type MessageApi = ReturnType<typeof App.useApp>['message'];
let api: MessageApi | null = null;

export function bindMessageApi(next: MessageApi | null): void {
  api = next;
}

/** The text to show for a failure: the server's translated `msg`, or a generic line. */
export function errorText(err: unknown): string {
  if (err instanceof StaffApiError) return err.msg || i18n.t('errors.unexpected');
  return i18n.t('errors.unexpected');
}

/** Shows a refusal; the same text is shown once even when several queries fail with it. */
export function notifyError(text: string): void {
  if (api) void api.error({ content: text, key: `error:${text}` });
  else console.warn('[admin]', text);
}

export function notifySuccess(text: string): void {
  if (api) void api.success({ content: text || i18n.t('common.done'), key: 'success' });
}
