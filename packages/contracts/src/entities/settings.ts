import { z } from 'zod';

/** Spec §3 Area code: calling codes; the excluded countries of spec §1 are never offered. */
export const areaCode = z.object({
  id: z.number().int(),
  code: z.string().describe('ISO 3166 alpha-2 country code'),
  global_code: z.string().describe('Calling code with +, e.g. +44'),
  name: z.string(),
});
export type AreaCode = z.infer<typeof areaCode>;

/** Spec §3 Base settings plus the site title. */
export const basicInfo = z.object({
  service_link: z.string(),
  service_link_type: z.number().int(),
  verify_reg_type: z.number().int(),
  trade_fee_type: z.number().int(),
  title: z.string(),
  email: z.string(),
});
export type BasicInfo = z.infer<typeof basicInfo>;

export const settingValue = z.object({ key: z.string(), value: z.string() });
export const settingsList = z.array(settingValue);
