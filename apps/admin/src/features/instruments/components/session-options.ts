import { SESSION_KIND_VALUES } from '@meridian/contracts';
import type { TFunction } from 'i18next';

/** The trading sessions of the contract, with their translated names (the server knows the hours). */
export const sessionOptions = (t: TFunction) =>
  SESSION_KIND_VALUES.map((s) => ({ value: s, label: t(`instruments.sessions.${s}`) }));

/** A session's name; an unknown value is shown as it is. */
export const sessionName = (t: TFunction, session: string) =>
  t(`instruments.sessions.${session}`, { defaultValue: session });
