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
} as const;

export type ErrorName = keyof typeof ERROR_CODES;
