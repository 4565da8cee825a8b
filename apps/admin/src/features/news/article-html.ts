import {
  ARTICLE_ATTRIBUTE_NAMES,
  ARTICLE_DROPPED_WITH_CONTENT,
  ARTICLE_IMAGE_PREFIX,
  ARTICLE_LINK_PREFIX,
  ARTICLE_TAGS,
} from '@meridian/contracts/article-html';
import DOMPurify from 'dompurify';

/**
 * Article HTML as the trader's app shows it (DESIGN §8: sanitised when saved and again when
 * shown), with the web app's rules (apps/web/src/features/news/sanitize-html.ts) so the preview
 * matches: text structure, links, images and tables; no scripts, handlers, styles, classes, ids,
 * frames or forms; links http(s) or mailto, opened in a new tab that cannot reach back
 * (`rel="noopener noreferrer"`); images https or our own public uploads.
 */
const ALLOWED_TAGS = [...ARTICLE_TAGS];
const ALLOWED_ATTR = ARTICLE_ATTRIBUTE_NAMES;

// An instance of its own: its hooks are this module's, not every DOMPurify user's.
const purify = DOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href') ?? '';
    if (!ARTICLE_LINK_PREFIX.test(href)) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else if (node.nodeName === 'IMG') {
    if (!ARTICLE_IMAGE_PREFIX.test(node.getAttribute('src') ?? '')) {
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
    // Dropped with what is inside them (the server's list; DOMPurify's own covers most of it).
    ADD_FORBID_CONTENTS: [...ARTICLE_DROPPED_WITH_CONTENT],
  });
}
