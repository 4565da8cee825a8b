import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './article-html.ts';

/** Classic XSS vectors (OWASP cheat sheet, PortSwigger's list, DOMPurify's mutation cases). */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/static/upload/news/0b6a1c7e-2f3d-4c55-9e2a-6f1d2c3b4a59.png" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(1);">',
  '<img src=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<img """><script>alert(1)</script>">',
  '<img src=`javascript:alert(1)`>',
  '<img src="//evil.example/x.png">',
  '<img src="/static/upload/news/../../../etc/passwd">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="https://example.com" onclick="alert(1)" onmouseover="alert(1)">x</a>',
  '<a href="https://example.com/?q=&quot; onmouseover=&quot;alert(1)">x</a>',
  '<a href="https://example.com" target="_self" rel="opener">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">x</math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="width: expression(alert(1))">x</p>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<noembed><img title="</noembed><img src onerror=alert(1)>"></noembed>',
  '<template><img src=x onerror=alert(1)></template>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<p id="__proto__" name="cookie" class="x">clobber</p>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<a href="https://example.com"><img src="x" onerror="alert(1)"></a>',
  '<table background="javascript:alert(1)"><tr><td onclick="alert(1)">x</td></tr></table>',
  '<blockquote cite="javascript:alert(1)">q</blockquote>',
  '<p>ok</p><scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src="https://cdn.example.com/a.png" srcset="javascript:alert(1) 1x">',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<frameset onload=alert(1)>',
];

/** What the output may contain, as sanitize-html writes it (double-quoted attributes). */
const ALLOWED: Record<string, string[]> = {
  p: [],
  br: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  hr: [],
  code: [],
  pre: [],
};
const TAG = /<(\/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*(\/?)>/gy;
const ATTR = /\s+([a-z-]+)="([^"<>]*)"/g;

/**
 * Reads sanitised output strictly: every `<` must open a tag of the allow-list with allowed,
 * double-quoted attributes (so a browser can read nothing else into it), and every URL must be
 * http(s), mailto or one of our uploads. Returns the problems found.
 */
function problems(html: string): string[] {
  const found: string[] = [];
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) break;
    TAG.lastIndex = lt;
    const m = TAG.exec(html);
    if (!m) {
      found.push(`stray "<" at ${lt}: ${html.slice(lt, lt + 40)}`);
      break;
    }
    const [, , name = '', attrs = ''] = m;
    const allowed = ALLOWED[name];
    if (!allowed) found.push(`tag <${name}>`);
    for (const [, attr = '', raw = ''] of attrs.matchAll(ATTR)) {
      if (!allowed?.includes(attr)) found.push(`attribute ${attr} on <${name}>`);
      const value = raw.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
      if (attr === 'href' && !/^(https?:\/\/|mailto:)/i.test(value)) found.push(`href ${value}`);
      if (
        attr === 'src' &&
        !/^(https:\/\/|\/static\/upload\/[a-z]+\/[0-9a-f-]{36}\.(jpg|png|webp)$)/.test(value)
      )
        found.push(`src ${value}`);
      if (/^\s*(javascript|vbscript|data):/i.test(value)) found.push(`${attr} ${value}`);
    }
    if (name === 'a' && m[1] === '' && !/ rel="noopener noreferrer"/.test(attrs))
      found.push('link without rel');
    at = TAG.lastIndex;
  }
  return found;
}

describe('article HTML', () => {
  it(`keeps nothing executable from ${PAYLOADS.length} XSS payloads`, () => {
    expect(new Set(PAYLOADS).size).toBe(PAYLOADS.length);
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
    for (const payload of PAYLOADS) {
      const out = sanitizeArticleHtml(payload);
      expect(problems(out), `${payload} → ${out}`).toEqual([]);
      expect(out, payload).not.toMatch(
        /<\s*\/?\s*(script|svg|math|iframe|object|embed|style|form|base|meta|link)/i,
      );
      expect(out, payload).not.toMatch(/\son[a-z]+\s*=/i);
      // Sanitising is a fixed point: what is stored reads back the same when sanitised again.
      expect(sanitizeArticleHtml(out), payload).toBe(out);
    }
  });

  it('keeps the text of payloads only as text', () => {
    expect(sanitizeArticleHtml('<p>ok</p><scr<script>ipt>alert(1)</scr</script>ipt>')).not.toContain(
      '<script',
    );
    expect(sanitizeArticleHtml('<svg onload=alert(1)><p>x</p></svg>after')).toBe('after');
    expect(sanitizeArticleHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).toBe('');
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">click</a>')).toBe('click');
    expect(sanitizeArticleHtml('<img src=x onerror=alert(1)>')).toBe('');
  });

  it('the checker above refuses what it must (it is not vacuous)', () => {
    expect(problems('<script>alert(1)</script>')).not.toEqual([]);
    expect(problems('<img src="x" onerror="alert(1)">')).not.toEqual([]);
    expect(problems('<a href="javascript:alert(1)" rel="noopener noreferrer">x</a>')).not.toEqual([]);
    expect(problems('<a href="https://example.com">x</a>')).toEqual(['link without rel']);
    expect(problems('<p>a < b</p>')).not.toEqual([]);
    expect(problems('<img src=x>')).not.toEqual([]);
  });

  it('keeps an article’s structure, links and images', () => {
    const html =
      '<h2>Week ahead</h2><p>The <strong>Fed</strong> and <em>ECB</em> <u>meet</u> <s>soon</s>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><hr>' +
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>' +
      '<pre><code>x = 1</code></pre><p>See <a href="https://example.com/a?b=1&amp;c=2" title="t">this</a> or ' +
      '<a href="mailto:desk@example.com">mail</a>.</p>' +
      '<img src="/static/upload/news/0b6a1c7e-2f3d-4c55-9e2a-6f1d2c3b4a59.png" alt="chart" width="640" height="320">' +
      '<img src="https://cdn.example.com/chart.webp" alt="c">';
    const out = sanitizeArticleHtml(html);
    expect(problems(out)).toEqual([]);
    for (const piece of [
      '<h2>Week ahead</h2>',
      '<strong>Fed</strong>',
      '<em>ECB</em>',
      '<u>meet</u>',
      '<s>soon</s>',
      '<ul><li>one</li></ul>',
      '<ol><li>two</li></ol>',
      '<blockquote>q</blockquote>',
      '<hr />',
      '<th>a</th>',
      '<td colspan="2">1</td>',
      '<pre><code>x = 1</code></pre>',
      '<a href="https://example.com/a?b=1&amp;c=2" title="t" rel="noopener noreferrer" target="_blank">this</a>',
      '<a href="mailto:desk@example.com" rel="noopener noreferrer" target="_blank">mail</a>',
      '<img src="/static/upload/news/0b6a1c7e-2f3d-4c55-9e2a-6f1d2c3b4a59.png" alt="chart" width="640" height="320" />',
      '<img src="https://cdn.example.com/chart.webp" alt="c" />',
    ])
      expect(out).toContain(piece);
  });

  it('drops styles, classes, ids, plain-http or relative images and links elsewhere than the web', () => {
    expect(sanitizeArticleHtml('<p style="text-align:center" class="c" id="i">t</p>')).toBe('<p>t</p>');
    expect(sanitizeArticleHtml('<img src="http://cdn.example.com/a.png">')).toBe('');
    expect(sanitizeArticleHtml('<img src="/elsewhere/a.png">')).toBe('');
    expect(sanitizeArticleHtml('<a href="/relative">r</a><a href="ftp://x.example">f</a>')).toBe('rf');
    expect(sanitizeArticleHtml('<h1>Title</h1>')).toBe('<h2>Title</h2>');
    expect(sanitizeArticleHtml('<img src="https://cdn.example.com/a.png" width="100%" height="9e9">')).toBe(
      '<img src="https://cdn.example.com/a.png" />',
    );
  });
});
