/**
 * Hostile HTML for the news editor and company fields (issue 29: at least 150 payloads, 0
 * executions). Each payload runs `__xss(<id>)` if it ever executes, so a test knows which one got
 * through: classic vectors (OWASP filter-evasion cheat sheet, PortSwigger's XSS cheat sheet, mXSS
 * parser-differential cases) and systematic variants of them (event × element, encodings, case and
 * separator tricks). Written for this project, not copied.
 */

/** The JavaScript a payload runs when it executes (top.__xss reaches the page from frames too). */
const js = (id: number) => `top.__xss(${id})`;
const entities = (s: string) => [...s].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
const decimalEntities = (s: string) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join('');

type Template = (x: string) => string;

const CLASSIC: Template[] = [
  (x) => `<script>${x}</script>`,
  (x) => `<SCRIPT>${x}</SCRIPT>`,
  (x) => `<script src="data:text/javascript,${x}"></script>`,
  (x) => `<scr<script>ipt>${x}</scr</script>ipt>`,
  (x) => `<img src=x onerror=${x}>`,
  (x) => `<img src="x" onerror="${x}">`,
  (x) => `<IMG SRC=x ONERROR=${x}>`,
  (x) => `<img/src/onerror=${x}>`,
  (x) => `<img src=x onerror="${entities(x)}">`,
  (x) => `<img src=x onerror="${decimalEntities(x)}">`,
  (x) => `<img src=x:${x.replace(/\W/g, '')} onerror=eval(${JSON.stringify(x)})>`,
  (x) => `<img src=1 onerror=${x}//`,
  (x) => `<img """><script>${x}</script>">`,
  (x) => `<img srcset="x" onerror=${x}>`,
  (x) => `<picture><source srcset=x><img src=x onerror=${x}></picture>`,
  (x) => `<svg onload=${x}>`,
  (x) => `<svg/onload=${x}>`,
  (x) => `<svg><script>${x}</script></svg>`,
  (x) => `<svg><script href="data:,${x}"></script></svg>`,
  (x) => `<svg><animate onbegin=${x} attributeName=x dur=1s>`,
  (x) => `<svg><set onbegin=${x} attributeName=x to=1>`,
  (x) => `<svg><a xlink:href="javascript:${x}"><text x=20 y=20>open</text></a></svg>`,
  (x) => `<svg><style><img src=x onerror=${x}></style></svg>`,
  (x) => `<svg><foreignObject><img src=x onerror=${x}></foreignObject></svg>`,
  (x) => `<math><mtext><table><mglyph><style><img src=x onerror=${x}>`,
  (x) => `<math><mi xlink:href="javascript:${x}">x</mi></math>`,
  (x) => `<noscript><p title="</noscript><img src=x onerror=${x}>">`,
  (x) => `<!--<img src="--><img src=x onerror=${x}//">`,
  (x) => `<![CDATA[<img src=x onerror=${x}>]]>`,
  (x) => `<template><img src=x onerror=${x}></template><div id=t></div>`,
  (x) => `<style>@import 'javascript:${x}';</style>`,
  (x) => `<style>*{background:url("javascript:${x}")}</style>`,
  (x) => `<div style="background:url(javascript:${x})">styled</div>`,
  (x) => `<div style="width:expression(${x})">ie</div>`,
  (x) => `<p style="animation-name:x" onanimationstart=${x}>anim</p>`,
  (x) => `<body onload=${x}>`,
  (x) => `<body onpageshow=${x}>`,
  (x) => `<frameset onload=${x}>`,
  (x) => `<iframe src="javascript:${x}"></iframe>`,
  (x) => `<iframe srcdoc="<script>${x}</script>"></iframe>`,
  (x) => `<iframe srcdoc="&lt;img src=x onerror=${x}&gt;"></iframe>`,
  (x) => `<iframe src="data:text/html,<script>${x}</script>"></iframe>`,
  (x) => `<object data="javascript:${x}"></object>`,
  (x) => `<object data="data:text/html,<script>${x}</script>"></object>`,
  (x) => `<embed src="javascript:${x}">`,
  (x) => `<embed src="data:image/svg+xml,<svg onload=${x}>">`,
  (x) => `<a href="javascript:${x}">read more</a>`,
  (x) => `<a href="JaVaScRiPt:${x}">read more</a>`,
  (x) => `<a href="  javascript:${x}">read more</a>`,
  (x) => `<a href="jav&#x09;ascript:${x}">read more</a>`,
  (x) => `<a href="jav&#x0A;ascript:${x}">read more</a>`,
  (x) => `<a href="&#106;avascript:${x}">read more</a>`,
  (x) => `<a href="${entities(`javascript:${x}`)}">read more</a>`,
  (x) => `<a href="javascript&colon;${x}">read more</a>`,
  (x) => `<a href="data:text/html,<script>${x}</script>">read more</a>`,
  (x) => `<a href="vbscript:${x}">read more</a>`,
  (x) => `<a href="https://example.com" onclick="${x}">read more</a>`,
  (x) => `<a href=https://example.com onmouseover=${x}>hover</a>`,
  (x) => `<a target=_self href="javascript:${x}">same window</a>`,
  (x) => `<form><button formaction="javascript:${x}">go</button></form>`,
  (x) => `<form action="javascript:${x}"><input type=submit></form>`,
  (x) => `<input autofocus onfocus=${x}>`,
  (x) => `<select autofocus onfocus=${x}></select>`,
  (x) => `<textarea autofocus onfocus=${x}></textarea>`,
  (x) => `<keygen autofocus onfocus=${x}>`,
  (x) => `<div contenteditable autofocus onfocus=${x}>edit</div>`,
  (x) => `<input type=image src=x onerror=${x}>`,
  (x) => `<isindex type=image src=1 onerror=${x}>`,
  (x) => `<details open ontoggle=${x}>`,
  (x) => `<dialog open onclose=${x}><form method=dialog><button>x</button></form></dialog>`,
  (x) => `<video><source onerror=${x}></video>`,
  (x) => `<video src=x onerror=${x}></video>`,
  (x) => `<audio src=x onerror=${x}></audio>`,
  (x) => `<marquee onstart=${x}>news</marquee>`,
  (x) => `<table background="javascript:${x}"><tr><td>x</td></tr></table>`,
  (x) => `<td background="javascript:${x}">`,
  (x) => `<meta http-equiv="refresh" content="0;url=javascript:${x}">`,
  (x) => `<base href="javascript:${x}//">`,
  (x) => `<link rel=stylesheet href="javascript:${x}">`,
  (x) => `<link rel=import href="data:text/html,<script>${x}</script>">`,
  (x) => `"><img src=x onerror=${x}>`,
  (x) => `'><script>${x}</script>`,
  (x) => `</title><script>${x}</script>`,
  (x) => `</textarea><script>${x}</script>`,
  (x) => `</style><script>${x}</script>`,
  (x) => `<div id="x" title="</div><img src=x onerror=${x}>">`,
  (x) => `<p>safe</p><img src=x onerror=${x} <p>`,
  (x) => `<img src="x\` \`onerror=${x}>`,
  (x) => `<img src=x onerror\u000b=${x}>`,
  (x) => `<img src=x onerror\u000c=${x}>`,
  (x) => `<img src=x onerror/=${x}>`,
  (x) => `<svg><![CDATA[><image xlink:href="]]><img src=x onerror=${x}>"></svg>`,
  (x) => `<xmp><p title="</xmp><img src=x onerror=${x}>">`,
  (x) => `<plaintext><img src=x onerror=${x}>`,
  (x) => `<listing>&lt;img src=x onerror=${x}&gt;</listing>`,
  (x) =>
    `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=${x} src>">`,
  (x) =>
    `<a href="#" id=x>x</a><svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${x}'/></svg>#x"/></svg>`,
  (x) => `{{constructor.constructor('${x}')()}}`,
  (x) => `\${${x}}`,
  (x) => `javascript:${x}`,
  (x) => `<x onclick=${x}>click me</x>`,
  (x) => `<h2 onmouseenter=${x}>Headline</h2>`,
  (x) => `<ul><li onpointerover=${x}>item</li></ul>`,
  (x) => `<blockquote cite="javascript:${x}" onclick=${x}>quote</blockquote>`,
  (x) => `<img src="/static/upload/news/../../api/x" onload=${x}>`,
  (x) => `<img src="https://example.com/a.png" onload=${x} alt="chart">`,
];

/** Event handlers × elements that fire them without a click (or with the hover a test does). */
const EVENTS: Array<[tag: string, event: string]> = [
  ['img src=x', 'onerror'],
  ['video src=x', 'onerror'],
  ['audio src=x', 'onerror'],
  ['input autofocus', 'onfocus'],
  ['input autofocus', 'onfocusin'],
  ['button autofocus', 'onfocus'],
  ['a href=# autofocus', 'onfocus'],
  ['details open', 'ontoggle'],
  ['svg', 'onload'],
  ['body', 'onload'],
  ['iframe', 'onload'],
  ['style', 'onload'],
  ['link rel=stylesheet href=x', 'onerror'],
  ['object data=x', 'onerror'],
  ['div style="position:fixed;inset:0;z-index:9999"', 'onmouseover'],
  ['div style="position:fixed;inset:0;z-index:9999"', 'onpointermove'],
  ['span style="display:block;height:2000px"', 'onmousemove'],
  ['p style="animation:spin 1s"', 'onanimationstart'],
  ['p style="transition:color 1s"', 'ontransitionend'],
  ['marquee', 'onstart'],
  ['svg><animate attributeName=x dur=1s', 'onbegin'],
  ['svg><animate attributeName=x dur=1s', 'onend'],
  ['img src=x', 'ONERROR'],
  ['img src=x', 'OnErRoR'],
  ['body', 'onpageshow'],
  ['body', 'onhashchange'],
  ['body', 'onresize'],
  ['body', 'onfocus'],
  ['div tabindex=1 autofocus', 'onfocus'],
  ['textarea autofocus', 'onfocus'],
  ['select autofocus', 'onfocus'],
  ['video autoplay muted src=x', 'onloadstart'],
  ['img src=x', 'onloadend'],
  ['form><input type=submit', 'onformdata'],
  ['div', 'onscrollend'],
  ['table', 'onmouseenter'],
  ['td', 'onmouseover'],
  ['h3', 'onpointerenter'],
  ['strong', 'onmouseover'],
  ['em', 'onclick'],
];

/** At least 150 distinct hostile strings; each payload's id is its index. */
export function xssPayloads(): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (make: (x: string) => string) => {
    const id = out.length;
    const p = make(js(id));
    if (seen.has(p)) return;
    seen.add(p);
    out.push(p);
  };
  for (const t of CLASSIC) add(t);
  for (const [tag, event] of EVENTS) add((x) => `<${tag} ${event}=${x}>`);
  for (const [tag, event] of EVENTS) add((x) => `<${tag} ${event}="${entities(x)}">`);
  return out;
}

/** The payloads that fit a one-line text field of `max` characters (company name, subject…). */
export function oneLinePayloads(max: number): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: fields refuse control characters.
  return xssPayloads().filter((p) => p.length <= max && !/[\u0000-\u001f\u007f-\u009f]/.test(p));
}
