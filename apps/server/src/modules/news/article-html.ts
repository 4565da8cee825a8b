import sanitizeHtml from 'sanitize-html';

/**
 * The HTML an article may hold (issue 29): text structure, links and images, nothing that runs.
 * A conservative allow-list (sanitize-html, maintained, parses with htmlparser2 and writes every
 * attribute escaped): no `style`, `class` or `id` (no CSS tricks, no DOM clobbering), no event
 * handlers, no frames, forms, SVG or MathML. Clients sanitise again before showing it.
 */

/** Our public uploads as storeImage names them (the same shape the staff contract accepts). */
const OUR_UPLOAD = /^\/static\/upload\/[a-z]+\/[0-9a-f-]{36}\.(jpg|png|webp)$/;
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

/** Elements dropped with everything inside them (their text is not article text). */
const DROPPED_WITH_CONTENT = [
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
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
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
        ...(attribs.src && (OUR_UPLOAD.test(attribs.src) || HTTPS_URL.test(attribs.src))
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
