/**
 * Every failure the server reports, named AREA_REASON (STYLE.md). `code` is the envelope code the
 * client sees; `msgKey` is the i18n key (namespace `server`) of the message in 21 languages.
 * Business and validation failures answer HTTP 200 with a non-1 code (the spec's client reads the
 * envelope, and a transport error would toast a bare status instead of the message); an unknown
 * API path answers 404 and an unexpected fault 500, both still with an envelope.
 */
export const ERROR_CODES = {
  REQUEST_INVALID_FIELD: { code: 1001, msgKey: 'error.request_invalid_field', httpStatus: 200 },
  REQUEST_MALFORMED: { code: 1002, msgKey: 'error.request_malformed', httpStatus: 200 },
  ROUTE_NOT_FOUND: { code: 1004, msgKey: 'error.route_not_found', httpStatus: 404 },
  REQUEST_RATE_LIMITED: { code: 1029, msgKey: 'error.request_rate_limited', httpStatus: 200 },
  SERVER_INTERNAL: { code: 1500, msgKey: 'error.server_internal', httpStatus: 500 },
  AUTH_SESSION_INVALID: { code: 999, msgKey: 'error.auth_session_invalid', httpStatus: 200 },
  INSTRUMENT_NOT_FOUND: { code: 2001, msgKey: 'error.instrument_not_found', httpStatus: 200 },
  KLINE_PERIOD_INVALID: { code: 2002, msgKey: 'error.kline_period_invalid', httpStatus: 200 },
  DEMO_ID_INVALID: { code: 3001, msgKey: 'error.demo_id_invalid', httpStatus: 200 },
  SETTING_NOT_FOUND: { code: 3002, msgKey: 'error.setting_not_found', httpStatus: 200 },
  ACCOUNT_ENTER_EMAIL: { code: 3101, msgKey: 'error.account_enter_email', httpStatus: 200 },
  ACCOUNT_ENTER_PHONE: { code: 3102, msgKey: 'error.account_enter_phone', httpStatus: 200 },
  ACCOUNT_ENTER_PASSWORD: { code: 3103, msgKey: 'error.account_enter_password', httpStatus: 200 },
  ACCOUNT_EMAIL_INVALID: { code: 3104, msgKey: 'error.account_email_invalid', httpStatus: 200 },
  ACCOUNT_MOBILE_INVALID: { code: 3105, msgKey: 'error.account_mobile_invalid', httpStatus: 200 },
  ACCOUNT_AREA_UNAVAILABLE: { code: 3106, msgKey: 'error.account_area_unavailable', httpStatus: 200 },
  ACCOUNT_PASSWORD_MISMATCH: { code: 3107, msgKey: 'error.account_password_mismatch', httpStatus: 200 },
  ACCOUNT_PASSWORD_WEAK: { code: 3108, msgKey: 'error.account_password_weak', httpStatus: 200 },
  ACCOUNT_EXISTS: { code: 3109, msgKey: 'error.account_exists', httpStatus: 200 },
  ACCOUNT_INVITE_REQUIRED: { code: 3110, msgKey: 'error.account_invite_required', httpStatus: 200 },
  ACCOUNT_INVITE_INVALID: { code: 3111, msgKey: 'error.account_invite_invalid', httpStatus: 200 },
  ACCOUNT_CODE_REQUIRED: { code: 3112, msgKey: 'error.account_code_required', httpStatus: 200 },
  AUTH_LOGIN_FAILED: { code: 3201, msgKey: 'error.auth_login_failed', httpStatus: 200 },
  AUTH_LOGIN_RATE_LIMITED: { code: 3202, msgKey: 'error.auth_login_rate_limited', httpStatus: 200 },
  AUTH_DEMO_NOT_ALLOWED: { code: 3203, msgKey: 'error.auth_demo_not_allowed', httpStatus: 200 },
  PASSWORD_INPUT_FULL: { code: 3301, msgKey: 'error.password_input_full', httpStatus: 200 },
  PASSWORD_NOT_EQUAL: { code: 3302, msgKey: 'error.password_not_equal', httpStatus: 200 },
  PASSWORD_OLD_WRONG: { code: 3303, msgKey: 'error.password_old_wrong', httpStatus: 200 },
  CODE_INCORRECT: { code: 3401, msgKey: 'error.code_incorrect', httpStatus: 200 },
  CODE_EXPIRED: { code: 3402, msgKey: 'error.code_expired', httpStatus: 200 },
  CODE_TOO_MANY_TRIES: { code: 3403, msgKey: 'error.code_too_many_tries', httpStatus: 200 },
  CODE_RESEND_TOO_SOON: { code: 3404, msgKey: 'error.code_resend_too_soon', httpStatus: 200 },
  CODE_DELIVERY_FAILED: { code: 3405, msgKey: 'error.code_delivery_failed', httpStatus: 200 },
  CAPTCHA_INCORRECT: { code: 3406, msgKey: 'error.captcha_incorrect', httpStatus: 200 },
} as const;

export type ErrorName = keyof typeof ERROR_CODES;
