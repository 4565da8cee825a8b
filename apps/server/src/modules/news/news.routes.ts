import {
  newsInfoCall,
  newsListCall,
  staffCreateNewsCall,
  staffNewsArticleCall,
  staffNewsImageCall,
  staffNewsListCall,
  staffPublishNewsCall,
  staffUnpublishNewsCall,
  staffUpdateNewsCall,
} from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.ts';
import { registerStaffCall } from '../staff/register-staff-call.ts';
import { readUploadedFile } from '../uploads/image-upload.ts';
import type { NewsDeps } from './news-deps.ts';
import { createNews } from './operations/create-news.ts';
import { getNewsInfo } from './operations/get-news-info.ts';
import { getStaffNews } from './operations/get-staff-news.ts';
import { listNews } from './operations/list-news.ts';
import { listStaffNews } from './operations/list-staff-news.ts';
import { publishNews } from './operations/publish-news.ts';
import { unpublishNews } from './operations/unpublish-news.ts';
import { updateNews } from './operations/update-news.ts';
import { uploadNewsImage } from './operations/upload-news-image.ts';

/** Public news calls (spec §7) and the content role's editor under the staff API (DESIGN §8). */
export function newsRoutes(app: FastifyInstance, deps: NewsDeps) {
  registerCall(app, newsListCall, ({ query, req }) =>
    listNews(deps, { categoryId: query.category_id, page: query.page, lang: req.lang }),
  );
  registerCall(app, newsInfoCall, ({ query, req }) => getNewsInfo(deps, { id: query.id, lang: req.lang }));

  registerStaffCall(app, deps, staffNewsListCall, ({ query }) => listStaffNews(deps, query));
  registerStaffCall(app, deps, staffNewsArticleCall, ({ params }) => getStaffNews(deps, params));
  registerStaffCall(app, deps, staffCreateNewsCall, (ctx) => createNews(deps, ctx));
  registerStaffCall(app, deps, staffUpdateNewsCall, (ctx) => updateNews(deps, ctx));
  registerStaffCall(app, deps, staffPublishNewsCall, (ctx) => publishNews(deps, ctx));
  registerStaffCall(app, deps, staffUnpublishNewsCall, (ctx) => unpublishNews(deps, ctx));
  registerStaffCall(app, deps, staffNewsImageCall, ({ req }) =>
    uploadNewsImage(deps, { readFile: () => readUploadedFile(req) }),
  );
}
