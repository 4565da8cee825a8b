import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { areaCode, basicInfo, settingsList } from '../entities/settings.ts';

export const areaListCall = defineCall({
  method: 'GET',
  path: '/api/default/area_list',
  auth: 'none',
  tag: 'settings',
  summary: 'Calling codes offered at registration (excluded countries removed)',
  data: z.array(areaCode),
});

export const settingCall = defineCall({
  method: 'GET',
  path: '/api/default/setting',
  auth: 'none',
  tag: 'settings',
  summary: 'Public platform settings; `key` selects one',
  query: z.object({ key: z.string().trim().max(64).optional() }),
  data: settingsList,
});

export const basicInfoCall = defineCall({
  method: 'GET',
  path: '/api/basicSet/getBasicInfo',
  auth: 'none',
  tag: 'settings',
  summary: 'Base settings: service link and type, registration verification, fee type, site title',
  data: basicInfo,
});
