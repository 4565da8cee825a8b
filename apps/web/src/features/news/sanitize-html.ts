import {
  ARTICLE_ATTRIBUTE_NAMES,
  ARTICLE_DROPPED_WITH_CONTENT,
  ARTICLE_IMAGE_PREFIX,
  ARTICLE_LINK_PREFIX,
  ARTICLE_TAGS,
} from '@meridian/contracts/article-html';
import DOMPurify from 'dompurify';
import { assetUrl } from '../../lib/api-host';

/**
 * An article's HTML is sanitised by the server when it is saved; it is sanitised again here before
 * it is put in the page (issue 29, DESIGN §8), with the same allow-list (@meridian/contracts/article-html).
 */
const ALLOWED_TAGS = [...ARTICLE_TAGS];
const ALLOWED_ATTR = ARTICLE_ATTRIBUTE_NAMES;

// An instance of its own: its hooks are this module's, not every DOMPurify user's.
const purify = DOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href') ?? '';
    if (!ARTICLE_LINK_PREFIX.test(href)) node.removeAttribute('href');
    // Links leave the app in a new tab that cannot reach back into it.
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else if (node.nodeName === 'IMG') {
    const src = node.getAttribute('src') ?? '';
    if (!ARTICLE_IMAGE_PREFIX.test(src)) {
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
    // Dropped with what is inside them (the server's list; DOMPurify's own covers most of it).
    ADD_FORBID_CONTENTS: [...ARTICLE_DROPPED_WITH_CONTENT],
  });
}
