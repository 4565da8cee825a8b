import { REQUEST_IN_PROGRESS_CODE, SERVER_STOPPING_CODE } from './idempotency-key.ts';

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
  REQUEST_IN_PROGRESS: {
    code: REQUEST_IN_PROGRESS_CODE,
    msgKey: 'error.request_in_progress',
    httpStatus: 200,
  },
  REQUEST_KEY_REUSED: { code: 1005, msgKey: 'error.request_key_reused', httpStatus: 200 },
  REQUEST_OUTCOME_UNKNOWN: { code: 1006, msgKey: 'error.request_outcome_unknown', httpStatus: 200 },
  ROUTE_NOT_FOUND: { code: 1004, msgKey: 'error.route_not_found', httpStatus: 404 },
  REQUEST_RATE_LIMITED: { code: 1029, msgKey: 'error.request_rate_limited', httpStatus: 200 },
  SERVER_INTERNAL: { code: 1500, msgKey: 'error.server_internal', httpStatus: 500 },
  // Trading paused while the engine rebuilds after a failed write: retryable, nothing was done.
  SERVICE_RECOVERING: { code: 1503, msgKey: 'error.service_recovering', httpStatus: 503 },
  // A request that arrived while the server shuts down (a restart, a deploy): nothing was done.
  SERVER_STOPPING: { code: SERVER_STOPPING_CODE, msgKey: 'error.server_stopping', httpStatus: 503 },
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
  /** The new password is the current one (the change would sign other devices out for nothing). */
  PASSWORD_UNCHANGED: { code: 3304, msgKey: 'error.password_unchanged', httpStatus: 200 },
  CODE_INCORRECT: { code: 3401, msgKey: 'error.code_incorrect', httpStatus: 200 },
  CODE_EXPIRED: { code: 3402, msgKey: 'error.code_expired', httpStatus: 200 },
  CODE_TOO_MANY_TRIES: { code: 3403, msgKey: 'error.code_too_many_tries', httpStatus: 200 },
  CODE_RESEND_TOO_SOON: { code: 3404, msgKey: 'error.code_resend_too_soon', httpStatus: 200 },
  CODE_DELIVERY_FAILED: { code: 3405, msgKey: 'error.code_delivery_failed', httpStatus: 200 },
  CAPTCHA_INCORRECT: { code: 3406, msgKey: 'error.captcha_incorrect', httpStatus: 200 },
  // No code was sent to this address or number (typed another one after 'Send'): not 'expired'.
  CODE_NOT_REQUESTED: { code: 3407, msgKey: 'error.code_not_requested', httpStatus: 200 },
  CODE_USED: { code: 3408, msgKey: 'error.code_used', httpStatus: 200 },
  ORDER_MARKET_CLOSED: { code: 4001, msgKey: 'error.order_market_closed', httpStatus: 200 },
  ORDER_LEVERAGE_NOT_CONFIGURED: {
    code: 4002,
    msgKey: 'error.order_leverage_not_configured',
    httpStatus: 200,
  },
  ORDER_LEVERAGE_NOT_OFFERED: { code: 4003, msgKey: 'error.order_leverage_not_offered', httpStatus: 200 },
  ORDER_QUANTITY_REQUIRED: { code: 4004, msgKey: 'error.order_quantity_required', httpStatus: 200 },
  ORDER_QUANTITY_INVALID: { code: 4005, msgKey: 'error.order_quantity_invalid', httpStatus: 200 },
  ORDER_QUANTITY_BELOW_MIN: { code: 4006, msgKey: 'error.order_quantity_below_min', httpStatus: 200 },
  ORDER_QUANTITY_NOT_STEP: { code: 4007, msgKey: 'error.order_quantity_not_step', httpStatus: 200 },
  ORDER_QUANTITY_ABOVE_MAX: { code: 4008, msgKey: 'error.order_quantity_above_max', httpStatus: 200 },
  ORDER_OPEN_LOTS_ABOVE_MAX: { code: 4009, msgKey: 'error.order_open_lots_above_max', httpStatus: 200 },
  ORDER_PRICE_REQUIRED: { code: 4010, msgKey: 'error.order_price_required', httpStatus: 200 },
  ORDER_PRICE_INVALID: { code: 4011, msgKey: 'error.order_price_invalid', httpStatus: 200 },
  ORDER_PRICE_AT_MARKET: { code: 4012, msgKey: 'error.order_price_at_market', httpStatus: 200 },
  ORDER_PRICE_UNAVAILABLE: { code: 4013, msgKey: 'error.order_price_unavailable', httpStatus: 200 },
  ORDER_STOP_LOSS_INVALID: { code: 4014, msgKey: 'error.order_stop_loss_invalid', httpStatus: 200 },
  ORDER_TAKE_PROFIT_INVALID: { code: 4015, msgKey: 'error.order_take_profit_invalid', httpStatus: 200 },
  ORDER_STOP_LOSS_WRONG_SIDE: { code: 4016, msgKey: 'error.order_stop_loss_wrong_side', httpStatus: 200 },
  ORDER_TAKE_PROFIT_WRONG_SIDE: { code: 4017, msgKey: 'error.order_take_profit_wrong_side', httpStatus: 200 },
  ORDER_CONVERSION_UNAVAILABLE: { code: 4018, msgKey: 'error.order_conversion_unavailable', httpStatus: 200 },
  RISK_INSUFFICIENT_MARGIN: { code: 4019, msgKey: 'error.risk_insufficient_margin', httpStatus: 200 },
  /** Funds cover margin and fee, but the account's losses and the new position's spread would stop it out. */
  RISK_WOULD_STOP_OUT: { code: 4026, msgKey: 'error.risk_would_stop_out', httpStatus: 200 },
  ORDER_NOT_FOUND: { code: 4020, msgKey: 'error.order_not_found', httpStatus: 200 },
  ORDER_NOT_HOLDING: { code: 4021, msgKey: 'error.order_not_holding', httpStatus: 200 },
  ORDER_NOT_PENDING: { code: 4022, msgKey: 'error.order_not_pending', httpStatus: 200 },
  ORDER_DEMO_ONLY: { code: 4023, msgKey: 'error.order_demo_only', httpStatus: 200 },
  AUTH_ACCOUNT_FROZEN: { code: 3204, msgKey: 'error.auth_account_frozen', httpStatus: 200 },
  ORDER_TRADING_FROZEN: { code: 4024, msgKey: 'error.order_trading_frozen', httpStatus: 200 },
  ORDER_TOO_MANY_LIVE: { code: 4025, msgKey: 'error.order_too_many_live', httpStatus: 200 },
  STAFF_LOGIN_FAILED: { code: 5101, msgKey: 'error.staff_login_failed', httpStatus: 200 },
  STAFF_TOTP_REQUIRED: { code: 5102, msgKey: 'error.staff_totp_required', httpStatus: 200 },
  STAFF_TOTP_INVALID: { code: 5103, msgKey: 'error.staff_totp_invalid', httpStatus: 200 },
  STAFF_LOGIN_RATE_LIMITED: { code: 5104, msgKey: 'error.staff_login_rate_limited', httpStatus: 200 },
  STAFF_DISABLED: { code: 5105, msgKey: 'error.staff_disabled', httpStatus: 200 },
  STAFF_TOTP_ENROL_REQUIRED: { code: 5106, msgKey: 'error.staff_totp_enrol_required', httpStatus: 200 },
  STAFF_FORBIDDEN: { code: 5107, msgKey: 'error.staff_forbidden', httpStatus: 200 },
  STAFF_EMAIL_EXISTS: { code: 5108, msgKey: 'error.staff_email_exists', httpStatus: 200 },
  STAFF_PASSWORD_WEAK: { code: 5109, msgKey: 'error.staff_password_weak', httpStatus: 200 },
  STAFF_PASSWORD_WRONG: { code: 5110, msgKey: 'error.staff_password_wrong', httpStatus: 200 },
  STAFF_NOT_FOUND: { code: 5111, msgKey: 'error.staff_not_found', httpStatus: 200 },
  STAFF_TARGET_NOT_FOUND: { code: 5112, msgKey: 'error.staff_target_not_found', httpStatus: 200 },
  STAFF_SETTINGS_INVALID: { code: 5113, msgKey: 'error.staff_settings_invalid', httpStatus: 200 },
  STAFF_ADJUST_INSUFFICIENT: { code: 5114, msgKey: 'error.staff_adjust_insufficient', httpStatus: 200 },
  STAFF_ADJUST_DEMO: { code: 5119, msgKey: 'error.staff_adjust_demo', httpStatus: 200 },
  STAFF_LAST_OWNER: { code: 5115, msgKey: 'error.staff_last_owner', httpStatus: 200 },
  /** Disabling one's own account or changing one's own role (signed out at once, no way back). */
  STAFF_SELF_CHANGE: { code: 5123, msgKey: 'error.staff_self_change', httpStatus: 200 },
  /** Admin close of an order that has already been closed or cancelled (not a missing one). */
  STAFF_ORDER_ENDED: { code: 5121, msgKey: 'error.staff_order_ended', httpStatus: 200 },
  /** Paying a withdrawal while the account's balance is below zero (its frozen money may cover the loss). */
  STAFF_WITHDRAWAL_DEFICIT: { code: 5122, msgKey: 'error.staff_withdrawal_deficit', httpStatus: 200 },
  /** A spread wider than the bound (a share of the price): a typo would close traders at a made-up price. */
  STAFF_SPREAD_TOO_WIDE: { code: 5120, msgKey: 'error.staff_spread_too_wide', httpStatus: 200 },
  UPLOAD_TOO_LARGE: { code: 1101, msgKey: 'error.upload_too_large', httpStatus: 200 },
  UPLOAD_NOT_IMAGE: { code: 1102, msgKey: 'error.upload_not_image', httpStatus: 200 },
  UPLOAD_DIMENSIONS: { code: 1103, msgKey: 'error.upload_dimensions', httpStatus: 200 },
  STAFF_INSTRUMENT_EXISTS: { code: 5116, msgKey: 'error.staff_instrument_exists', httpStatus: 200 },
  WALLET_DEMO_REFUSED: { code: 6001, msgKey: 'error.wallet_demo_refused', httpStatus: 200 },
  WALLET_AMOUNT_REQUIRED: { code: 6002, msgKey: 'error.wallet_amount_required', httpStatus: 200 },
  WALLET_AMOUNT_INVALID: { code: 6003, msgKey: 'error.wallet_amount_invalid', httpStatus: 200 },
  WALLET_PROOF_REQUIRED: { code: 6004, msgKey: 'error.wallet_proof_required', httpStatus: 200 },
  WALLET_NO_PAY_WAY: { code: 6005, msgKey: 'error.wallet_no_pay_way', httpStatus: 200 },
  WALLET_OPTION_NOT_FOUND: { code: 6006, msgKey: 'error.wallet_option_not_found', httpStatus: 200 },
  WALLET_METHOD_NOT_BOUND: { code: 6007, msgKey: 'error.wallet_method_not_bound', httpStatus: 200 },
  WALLET_METHOD_NOT_FOUND: { code: 6008, msgKey: 'error.wallet_method_not_found', httpStatus: 200 },
  WALLET_METHOD_INCOMPLETE: { code: 6009, msgKey: 'error.wallet_method_incomplete', httpStatus: 200 },
  /** A coin address on another network than the one its currency is paid on (funds would be lost). */
  WALLET_NETWORK_MISMATCH: { code: 6015, msgKey: 'error.wallet_network_mismatch', httpStatus: 200 },
  WALLET_CURRENCY_NOT_FOUND: { code: 6010, msgKey: 'error.wallet_currency_not_found', httpStatus: 200 },
  WALLET_AMOUNT_BELOW_MIN: { code: 6011, msgKey: 'error.wallet_amount_below_min', httpStatus: 200 },
  WALLET_AMOUNT_ABOVE_FREE: { code: 6012, msgKey: 'error.wallet_amount_above_free', httpStatus: 200 },
  WALLET_FEE_EXCEEDS: { code: 6013, msgKey: 'error.wallet_fee_exceeds', httpStatus: 200 },
  WALLET_PROOF_INVALID: { code: 6014, msgKey: 'error.wallet_proof_invalid', httpStatus: 200 },
  /** The proof already backs a deposit waiting for review or credited (one transfer, one request). */
  WALLET_PROOF_IN_USE: { code: 6016, msgKey: 'error.wallet_proof_in_use', httpStatus: 200 },
  STAFF_ALREADY_REVIEWED: { code: 5117, msgKey: 'error.staff_already_reviewed', httpStatus: 200 },
  FILE_NOT_FOUND: { code: 1104, msgKey: 'error.file_not_found', httpStatus: 200 },
  // Real-name verification (spec §7 /api/user_real, DESIGN §8).
  REAL_NAME_DEMO_REFUSED: { code: 7001, msgKey: 'error.wallet_demo_refused', httpStatus: 200 },
  REAL_NAME_INCOMPLETE: { code: 7002, msgKey: 'error.real_name_incomplete', httpStatus: 200 },
  REAL_NAME_IMAGES_REQUIRED: { code: 7003, msgKey: 'error.real_name_images_required', httpStatus: 200 },
  /** An image URL that is not one of the caller's own uploads (another user's, guessed or gone). */
  REAL_NAME_IMAGE_INVALID: { code: 7004, msgKey: 'error.real_name_image_invalid', httpStatus: 200 },
  REAL_NAME_CARD_INVALID: { code: 7005, msgKey: 'error.real_name_card_invalid', httpStatus: 200 },
  REAL_NAME_WAITING: { code: 7006, msgKey: 'error.real_name_waiting', httpStatus: 200 },
  REAL_NAME_APPROVED: { code: 7007, msgKey: 'error.real_name_approved', httpStatus: 200 },
  /** A withdrawal while the platform requires an approved real-name (setting withdraw_requires_real_name). */
  REAL_NAME_REQUIRED: { code: 7008, msgKey: 'error.real_name_required', httpStatus: 200 },
  /** The same upload sent as both the front and the back of the ID. */
  REAL_NAME_IMAGES_SAME: { code: 7009, msgKey: 'error.real_name_images_same', httpStatus: 200 },
  NEWS_NOT_FOUND: { code: 7101, msgKey: 'error.news_not_found', httpStatus: 200 },
  COMPANY_NOT_FOUND: { code: 7201, msgKey: 'error.company_not_found', httpStatus: 200 },
  STAFF_COMPANY_EXISTS: { code: 5124, msgKey: 'error.staff_company_exists', httpStatus: 200 },
  // ---- copy trading (DESIGN §9) ----
  /** A copy sized below the instrument's minimum (a small allocation against a large provider). */
  COPY_TOO_SMALL: { code: 7301, msgKey: 'error.copy_too_small', httpStatus: 200 },
  COPY_PROVIDER_NOT_FOUND: { code: 7302, msgKey: 'error.copy_provider_not_found', httpStatus: 200 },
  COPY_SELF: { code: 7303, msgKey: 'error.copy_self', httpStatus: 200 },
  COPY_ALREADY_FOLLOWING: { code: 7304, msgKey: 'error.copy_already_following', httpStatus: 200 },
  /** params: min (USD). */
  COPY_AMOUNT_BELOW_MIN: { code: 7305, msgKey: 'error.copy_amount_below_min', httpStatus: 200 },
  /** params: free (USD the account can move now). */
  COPY_FUNDS_INSUFFICIENT: { code: 7306, msgKey: 'error.copy_funds_insufficient', httpStatus: 200 },
  COPY_FOLLOW_NOT_FOUND: { code: 7307, msgKey: 'error.copy_follow_not_found', httpStatus: 200 },
  COPY_FOLLOW_STOPPED: { code: 7308, msgKey: 'error.copy_follow_stopped', httpStatus: 200 },
  /** Stopping needs every copy closed at a live price. params: code (the instrument). */
  COPY_MARKET_CLOSED: { code: 7309, msgKey: 'error.copy_market_closed', httpStatus: 200 },
  COPY_ALREADY_APPLIED: { code: 7310, msgKey: 'error.copy_already_applied', httpStatus: 200 },
  COPY_NICKNAME_TAKEN: { code: 7311, msgKey: 'error.copy_nickname_taken', httpStatus: 200 },
  /** params: max (USD): a copy stop loss must sit below the allocation's equity. */
  COPY_STOP_LOSS_INVALID: { code: 7312, msgKey: 'error.copy_stop_loss_invalid', httpStatus: 200 },
  COPY_DEMO_REFUSED: { code: 7313, msgKey: 'error.wallet_demo_refused', httpStatus: 200 },
  /** A provider staff suspended or removed takes no new followers. */
  COPY_PROVIDER_CLOSED: { code: 7314, msgKey: 'error.copy_provider_closed', httpStatus: 200 },
} as const;

export type ErrorName = keyof typeof ERROR_CODES;
