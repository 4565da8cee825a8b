import {
  ARTICLE_ATTRIBUTES,
  ARTICLE_DROPPED_WITH_CONTENT,
  ARTICLE_TAGS,
  OUR_UPLOAD_URL,
} from '@meridian/contracts/article-html';
import sanitizeHtml from 'sanitize-html';

/**
 * The HTML an article may hold (issue 29): text structure, links and images, nothing that runs.
 * A conservative allow-list (sanitize-html, maintained, parses with htmlparser2 and writes every
 * attribute escaped): no `style`, `class` or `id` (no CSS tricks, no DOM clobbering), no event
 * handlers, no frames, forms, SVG or MathML. Clients sanitise again before showing it.
 */

/**
 * URL characters (RFC 3986, and letters for the addresses people paste): nothing a browser strips
 * or reinterprets (spaces, control characters, quotes, backslashes, angle brackets).
 */
const URL_REST = String.raw`[\p{L}\p{N}\-._~:/?#\[\]@!$&()*+,;=%]+`;
/** An absolute https URL. */
const HTTPS_URL = new RegExp(`^https://${URL_REST}$`, 'iu');
/** Links: absolute http(s) or mailto only; the scheme must be the very first characters. */
const LINK_URL = new RegExp(`^(https?://|mailto:)${URL_REST}$`, 'iu');
const PIXELS = /^\d{1,4}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_TAGS],
  allowedAttributes: {
    ...Object.fromEntries(Object.entries(ARTICLE_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    // Set below by transformTags, never taken from the input.
    a: [...ARTICLE_ATTRIBUTES.a, 'rel', 'target'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...ARTICLE_DROPPED_WITH_CONTENT],
  // A page pasted whole keeps its body text.
  enforceHtmlBoundary: false,
  transformTags: {
    // An editor's top heading is the article's title: keep the text, one level down.
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href && LINK_URL.test(attribs.href) ? { href: attribs.href } : {}),
        ...(attribs.title ? { title: attribs.title } : {}),
        // Links leave the app in a new tab that cannot reach back into it.
        rel: 'noopener noreferrer',
        target: '_blank',
      },
    }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.src && (OUR_UPLOAD_URL.test(attribs.src) || HTTPS_URL.test(attribs.src))
          ? { src: attribs.src }
          : {}),
        ...(attribs.alt ? { alt: attribs.alt } : {}),
        ...(attribs.width && PIXELS.test(attribs.width) ? { width: attribs.width } : {}),
        ...(attribs.height && PIXELS.test(attribs.height) ? { height: attribs.height } : {}),
      },
    }),
  },
  // An image whose source was refused is dropped rather than left as a broken frame; a link whose
  // target was refused keeps its text as plain text.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !frame.attribs.src
      ? true
      : frame.tag === 'a' && !frame.attribs.href
        ? 'excludeTag'
        : false,
};

/** The stored (and served) form of an article's HTML. Idempotent: sanitising it again changes nothing. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
