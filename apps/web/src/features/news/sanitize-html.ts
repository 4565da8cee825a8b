import DOMPurify from 'dompurify';
import { assetUrl } from '../../lib/api-host';

/**
 * An article's HTML is sanitised by the server when it is saved; it is sanitised again here before
 * it is put in the page (issue 29, DESIGN §8), with the same conservative allow-list: text
 * structure, links, images and tables; no scripts, handlers, styles, classes, ids, frames or forms.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
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
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan'];
/** Links: absolute http(s) or mailto. */
const LINK_URL = /^(https?:\/\/|mailto:)/i;
/** Images: absolute https, or one of our public uploads (served from the API host). */
const IMAGE_URL = /^(https:\/\/|\/static\/upload\/)/i;

// An instance of its own: its hooks are this module's, not every DOMPurify user's.
const purify = DOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href') ?? '';
    if (!LINK_URL.test(href)) node.removeAttribute('href');
    // Links leave the app in a new tab that cannot reach back into it.
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else if (node.nodeName === 'IMG') {
    const src = node.getAttribute('src') ?? '';
    if (!IMAGE_URL.test(src)) {
      node.remove();
      return;
    }
    node.setAttribute('src', assetUrl(src));
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  }
});

/**
 * The article as nodes to put in the page: a fragment, not a string that would be parsed a second
 * time (where a browser's parser could read it differently from the sanitiser's).
 */
export function sanitizeArticle(html: string): DocumentFragment {
  // DOMPurify hands back its input untouched where it cannot run: there, the article's text only.
  if (!purify.isSupported) {
    const fragment = document.createDocumentFragment();
    fragment.append(new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '');
    return fragment;
  }
  return purify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // Dropped with what is inside them, besides DOMPurify's own list (script, style, iframe, svg…).
    ADD_FORBID_CONTENTS: [
      'object',
      'embed',
      'applet',
      'frameset',
      'form',
      'button',
      'textarea',
      'select',
      'option',
    ],
  });
}
