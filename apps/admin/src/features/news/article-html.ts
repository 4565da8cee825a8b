import DOMPurify from 'dompurify';

/**
 * Article HTML as the trader's app shows it (DESIGN §8: sanitised when saved and again when
 * shown), with the web app's rules (apps/web/src/features/news/sanitize-html.ts) so the preview
 * matches: text structure, links, images and tables; no scripts, handlers, styles, classes, ids,
 * frames or forms; links http(s) or mailto, opened in a new tab that cannot reach back
 * (`rel="noopener noreferrer"`); images https or our own public uploads.
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
const LINK_URL = /^(https?:\/\/|mailto:)/i;
/** Absolute https, or one of our public uploads (the back office is served from the same host). */
const IMAGE_URL = /^(https:\/\/|\/static\/upload\/)/i;

// An instance of its own: its hooks are this module's, not every DOMPurify user's.
const purify = DOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href') ?? '';
    if (!LINK_URL.test(href)) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else if (node.nodeName === 'IMG') {
    if (!IMAGE_URL.test(node.getAttribute('src') ?? '')) {
      node.remove();
      return;
    }
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  }
});

/**
 * The article as nodes to put in the page: a fragment, not a string parsed a second time (where a
 * browser could read it otherwise than the sanitiser did).
 */
export function sanitizeArticle(html: string): DocumentFragment {
  // DOMPurify hands back its input untouched where it cannot run: there, the text only.
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
