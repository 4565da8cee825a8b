/**
 * What an article's HTML may hold (issue 29, DESIGN §8, ADR 0017 "Article HTML"): one allow-list
 * for the server's sanitiser (sanitize-html, on save) and the clients' (DOMPurify, before display),
 * so the three layers cannot drift apart. Text structure, links, images and tables; no scripts,
 * handlers, styles, classes, ids, frames or forms. Zod-free: the web app imports
 * `@meridian/contracts/article-html` without pulling in the schemas.
 */

export const ARTICLE_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'code',
  'pre',
] as const;

/** Attributes each tag may keep (links also get `rel` and `target`, set by the sanitiser itself). */
export const ARTICLE_ATTRIBUTES = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
} as const satisfies Record<string, readonly string[]>;

/** Every attribute any tag may keep (DOMPurify takes one flat list). */
export const ARTICLE_ATTRIBUTE_NAMES = [...new Set(Object.values(ARTICLE_ATTRIBUTES).flat())];

/** Elements dropped with everything inside them (their text is not article text). */
export const ARTICLE_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'title',
  'head',
  'xmp',
  'plaintext',
  'form',
  'button',
] as const;

/** Our public uploads as the server names them (`/static/upload/news/<uuid>.png`). */
export const OUR_UPLOAD_URL = /^\/static\/upload\/[a-z]+\/[0-9a-f-]{36}\.(jpg|png|webp)$/;
/** A link's target: absolute http(s) or mailto, the scheme the very first characters. */
export const ARTICLE_LINK_PREFIX = /^(https?:\/\/|mailto:)/i;
/** An image's source: absolute https, or one of our public uploads. */
export const ARTICLE_IMAGE_PREFIX = /^(https:\/\/|\/static\/upload\/)/i;
