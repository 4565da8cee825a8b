import { LANGUAGES } from '@meridian/i18n/languages';
import { z } from 'zod';
import { OUR_UPLOAD_URL } from '../article-html.ts';
import { plainMultilineText, plainText, queryInt, queryRowId } from '../query-fields.ts';
import { defineStaffCall } from './define-staff-call.ts';

/**
 * News and the company directory in the back office (DESIGN §8, §10), for the content role.
 * Article HTML comes from the editor and is sanitised by the server when saved; images and logos
 * are public uploads. Companies' websites and loss URLs are http(s) only (the app leaves for them).
 */

const rowIdParam = z.object({ id: queryRowId() });
const page = queryInt(1, 100_000).default(1);
const pageSize = queryInt(1, 200).default(20);
/** The languages an article can be written in: the 21 of spec §1. */
export const CONTENT_LANGUAGES = LANGUAGES;
/** A public upload of ours (/static/upload/…), or empty. */
const publicImageUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || OUR_UPLOAD_URL.test(v), 'an image uploaded here');
const webUrl = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/ }));

// ---- news -----------------------------------------------------------------------------------------

/** draft: never shown; scheduled: published with a future time; published: shown. */
export const NEWS_STATES = ['draft', 'scheduled', 'published'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

export const staffNewsTranslation = z.object({
  lang: z.enum(CONTENT_LANGUAGES),
  title: plainText(200).pipe(z.string().min(1)),
  desc: plainMultilineText(500).default(''),
  /** HTML from the editor; sanitised by the server when saved (at most 200 000 characters). */
  content: z.string().max(200_000),
});

export const staffNewsRow = z.object({
  id: z.number().int(),
  status: z.number().int(),
  state: z.enum(NEWS_STATES),
  /** ISO time it is (or will be) shown from; null for a draft never published. */
  publishAt: z.string().nullable(),
  logo: z.string(),
  /** The English title, else the first version's. */
  title: z.string(),
  languages: z.array(z.string()),
  createdBy: z.string(),
  updatedAt: z.string(),
});
export type StaffNewsRow = z.infer<typeof staffNewsRow>;

export const staffNewsArticle = staffNewsRow.extend({
  categoryId: z.number().int(),
  translations: z.array(staffNewsTranslation),
});
export type StaffNewsArticle = z.infer<typeof staffNewsArticle>;

export const staffNewsListCall = defineStaffCall({
  method: 'GET',
  path: '/news',
  access: ['content'],
  changes: false,
  summary: 'News articles, newest first, with their state (draft, scheduled, published)',
  query: z.object({ state: z.enum(NEWS_STATES).optional(), page, pageSize }),
  data: z.object({ rows: z.array(staffNewsRow), total: z.number().int() }),
});

export const staffNewsArticleCall = defineStaffCall({
  method: 'GET',
  path: '/news/:id',
  access: ['content'],
  changes: false,
  summary: 'One article with every language version (sanitised HTML)',
  params: rowIdParam,
  data: staffNewsArticle,
});

const newsBody = z.object({
  logo: publicImageUrl.default(''),
  translations: z
    .array(staffNewsTranslation)
    .min(1)
    .max(CONTENT_LANGUAGES.length)
    .refine((t) => new Set(t.map((x) => x.lang)).size === t.length, 'one version per language'),
});

export const staffCreateNewsCall = defineStaffCall({
  method: 'POST',
  path: '/news',
  access: ['content'],
  changes: true,
  summary: 'Write a new article (a draft); its HTML is sanitised before it is stored',
  body: newsBody,
  data: staffNewsArticle,
});

export const staffUpdateNewsCall = defineStaffCall({
  method: 'POST',
  path: '/news/:id',
  access: ['content'],
  changes: true,
  summary: 'Replace an article’s logo and language versions (its state is unchanged)',
  params: rowIdParam,
  body: newsBody,
  data: staffNewsArticle,
});

export const staffPublishNewsCall = defineStaffCall({
  method: 'POST',
  path: '/news/:id/publish',
  access: ['content'],
  changes: true,
  summary: 'Publish now (publishAt null) or at a future ISO time (scheduled)',
  params: rowIdParam,
  body: z.object({ publishAt: z.iso.datetime({ offset: true }).nullable().default(null) }),
  data: staffNewsArticle,
});

export const staffUnpublishNewsCall = defineStaffCall({
  method: 'POST',
  path: '/news/:id/unpublish',
  access: ['content'],
  changes: true,
  summary: 'Take an article back to draft (it leaves the app at once)',
  params: rowIdParam,
  data: staffNewsArticle,
});

export const staffNewsImageCall = defineStaffCall({
  method: 'POST',
  path: '/news/images',
  access: ['content'],
  // Nothing a trader sees changes until an article using it is saved (that is audited).
  changes: false,
  summary:
    'Upload a public image for an article (multipart `file`: JPEG, PNG or WebP checked by content, at most 5 MB, ' +
    're-encoded to at most 1600 px without metadata)',
  data: z.object({ url: z.string() }),
});

// ---- companies ------------------------------------------------------------------------------------

export const staffCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  url: z.string(),
  subject: z.string(),
  registeredAddress: z.string(),
  location: z.string(),
  email: z.string(),
  status: z.number().int(),
  lossUrl: z.string(),
  updatedAt: z.string(),
});
export type StaffCompany = z.infer<typeof staffCompany>;

export const staffCompaniesCall = defineStaffCall({
  method: 'GET',
  path: '/companies',
  access: ['content'],
  changes: false,
  summary: 'The company directory by name; q matches the name',
  query: z.object({ q: plainText(100).default(''), page, pageSize }),
  data: z.object({ rows: z.array(staffCompany), total: z.number().int() }),
});

export const staffSaveCompanyCall = defineStaffCall({
  method: 'POST',
  path: '/companies',
  access: ['content'],
  changes: true,
  summary:
    'Create (no id) or change a company. A status other than 0 removes it from search and sends visitors who ' +
    'entered through it to lossUrl (required then)',
  body: z
    .object({
      id: z.number().int().positive().max(2_147_483_647).optional(),
      name: plainText(100).pipe(z.string().min(1)),
      logo: publicImageUrl.default(''),
      url: webUrl,
      subject: plainText(200).default(''),
      registeredAddress: plainMultilineText(300).default(''),
      location: plainMultilineText(300).default(''),
      email: z.union([z.literal(''), z.string().trim().email().max(200)]).default(''),
      status: z.number().int().min(0).max(1).default(0),
      lossUrl: z.union([z.literal(''), webUrl]).default(''),
    })
    .refine((c) => c.status === 0 || c.lossUrl !== '', { message: 'lossUrl', path: ['lossUrl'] }),
  data: staffCompany,
});

export const staffCompanyLogoCall = defineStaffCall({
  method: 'POST',
  path: '/companies/logo',
  access: ['content'],
  // As news images: audited when a company using it is saved.
  changes: false,
  summary:
    'Upload a company logo (multipart `file`: JPEG, PNG or WebP checked by content, re-encoded to at most 256 px); ' +
    'returns its public URL for the company form',
  data: z.object({ url: z.string() }),
});

export const CONTENT_STAFF_CALLS = [
  staffNewsListCall,
  staffNewsArticleCall,
  staffCreateNewsCall,
  staffUpdateNewsCall,
  staffPublishNewsCall,
  staffUnpublishNewsCall,
  staffNewsImageCall,
  staffCompaniesCall,
  staffSaveCompanyCall,
  staffCompanyLogoCall,
] as const;
