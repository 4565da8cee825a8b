import { ERROR_CODES, type ErrorName } from '@meridian/contracts';

/** An expected refusal: a named code from the contracts' table, with message parameters. */
export class AppError extends Error {
  readonly code: number;
  readonly msgKey: string;
  readonly httpStatus: number;

  constructor(
    readonly errorName: ErrorName,
    readonly params?: Record<string, string | number>,
  ) {
    super(errorName);
    const entry = ERROR_CODES[errorName];
    this.code = entry.code;
    this.msgKey = entry.msgKey;
    this.httpStatus = entry.httpStatus;
  }
}
