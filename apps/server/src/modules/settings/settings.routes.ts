import { areaListCall, basicInfoCall, settingCall } from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { registerCall } from '../../http/register-call.ts';
import { getAreaList, getBasicInfo, getPublicSettings } from './settings.service.ts';

export function settingsRoutes(app: FastifyInstance, db: Db) {
  registerCall(app, areaListCall, () => getAreaList(db));
  registerCall(app, settingCall, ({ query }) => getPublicSettings(db, query.key));
  registerCall(app, basicInfoCall, () => getBasicInfo(db));
}
