// Walks the rendered (flat) DOM once and returns capture.json's tree as a JSON string.
// Runs in the page via page.evaluate(source)(opts); see capture.py for opts. Everything is
// done in one call: per-node round trips to Playwright would cost milliseconds each.
(opts) => {
  const {
    styleGroups, pseudoProps, textProps, defaults, attrNames, maxNodes, maxPageHeight,
    externalPseudo,
  } = opts;
  const topWin = window;
  const scrollX0 = topWin.scrollX;
  const scrollY0 = topWin.scrollY;
  const SKIP_TAGS = new Set([
    'script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title', 'base',
    'source', 'track',
  ]);
  // Children are represented by form state (select/textarea) or markup (svg), not walked.
  const LEAF_TAGS = new Set(['select', 'textarea', 'svg', 'video', 'audio', 'canvas', 'img']);
  const COLLAPSING_WS = new Set(['normal', 'nowrap', 'pre-line']);
  const warnings = [];
  const canvases = {};
  const familiesUsed = new Set();
  const meta = new Map(); // node object -> painting facts (not serialized)
  // Text id -> DOM text node, kept on the window for rendered_fonts.py to ask Chromium which
  // face drew each text (a later walk replaces it).
  const textRefs = new Map();
  // Element id -> element of the top document, for probes.py to lay the page out again at other
  // widths and read where each box went.
  const elementRefs = new Map();
  try {
    Object.defineProperty(topWin, '__pageportTextNodes', { value: textRefs, configurable: true });
    Object.defineProperty(topWin, '__pageportElements', { value: elementRefs, configurable: true });
  } catch (e) { /* a page that froze its window: capture goes on without rendered fonts */ }
  let nextId = 0;
  let count = 0;
  let elements = 0;
  let texts = 0;
  let truncatedNodes = false;
  let truncatedHeight = false;
  const measureCtx = document.createElement('canvas').getContext('2d');

  const round = (v) => Math.round(v * 100) / 100;
  const box = (r, ox, oy) => ({
    x: round(r.left + ox), y: round(r.top + oy), width: round(r.width), height: round(r.height),
  });
  const num = (v) => { const n = parseFloat(v); return Number.isFinite(n) ? n : NaN; };
  const absUrl = (u, base) => { try { return new URL(u, base).href; } catch (e) { return null; } };

  // Reading a computed property costs microseconds and pages have thousands of elements, so
  // property groups that cannot matter are not read at all (border colors without a border,
  // flex-item properties outside a flex container, typography of elements without text...).
  // See STYLE_GROUPS in capture.py and the schema's notes.
  const G = styleGroups;
  const FLEX_OR_GRID = /flex|grid/;
  const REPLACED = new Set(['img', 'video', 'canvas', 'svg', 'iframe', 'object', 'embed', 'input']);
  const FORM_TAGS = new Set(['input', 'textarea', 'select', 'button']);
  const valueOf = (styles, p) => (p in styles ? styles[p] : defaults[p]);
  function stylesOf(cs, parentDisplay, withText, replaced) {
    const out = {};
    const put = (props) => {
      for (const p of props) {
        const v = cs.getPropertyValue(p);
        if (v !== '' && defaults[p] !== v) out[p] = v;
      }
    };
    put(G.always);
    const display = valueOf(out, 'display');
    if (valueOf(out, 'position') !== 'static') put(G.positioned);
    if (FLEX_OR_GRID.test(display)) put(G.container);
    if (parentDisplay && FLEX_OR_GRID.test(parentDisplay)) put(G.item);
    if (display === 'list-item') put(G.list);
    if (replaced) put(G.replaced);
    if (valueOf(out, 'transform') !== 'none') put(G.transformed);
    if (valueOf(out, 'background-image') !== 'none') put(G.backgroundLayers);
    for (const side of G.borderSides) {
      const style = cs.getPropertyValue(`border-${side}-style`);
      if (style !== 'none' && style !== 'hidden') put(G.border[side]);
    }
    if (cs.getPropertyValue('outline-style') !== 'none') put(G.outline);
    if (withText) {
      put(G.text);
      if (valueOf(out, 'text-decoration-line') !== 'none') put(G.decoration);
      if (valueOf(out, '-webkit-text-stroke-width') !== '0px') put(G.stroke);
      for (const p of G.fill) {
        const v = cs.getPropertyValue(p);
        if (v !== out.color) out[p] = v;
      }
    }
    return out;
  }
  function allStyles(cs, props) {
    const out = {};
    for (const p of props) out[p] = cs.getPropertyValue(p);
    return out;
  }
  // Text nodes repeat their parent's text styles. When the parent's styles were read with its
  // text group they already hold every value (omitted = default; the colour-like ones that
  // were not read equal `color`), so no further reads; siblings share one object.
  const COLOR_LIKE = new Set(['text-decoration-color', '-webkit-text-stroke-color',
    '-webkit-text-fill-color']);
  const textStyleCache = new WeakMap();
  function textStylesOf(parent) {
    let styles = textStyleCache.get(parent);
    if (styles) return styles;
    if (parent.styles && parent.withText) {
      styles = {};
      for (const p of textProps) {
        let v = valueOf(parent.styles, p);
        if (v === undefined) v = COLOR_LIKE.has(p) ? parent.styles.color : parent.cs.getPropertyValue(p);
        styles[p] = v;
      }
    } else {
      styles = allStyles(parent.cs, textProps);
    }
    textStyleCache.set(parent, styles);
    noteFamilies(styles['font-family']);
    return styles;
  }
  function noteFamilies(fontFamily) {
    for (const f of fontFamily.split(',')) {
      const name = f.trim().replace(/^["']|["']$/g, '');
      if (name) familiesUsed.add(name);
    }
  }

  // Top-level comma split (commas inside parentheses, e.g. in gradients, do not count).
  function splitLayers(v) {
    const out = [];
    let depth = 0; let quote = null; let start = 0;
    for (let i = 0; i < v.length; i++) {
      const c = v[i];
      if (quote) { if (c === '\\') i++; else if (c === quote) quote = null; continue; }
      if (c === '"' || c === "'") quote = c;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (c === ',' && depth === 0) { out.push(v.slice(start, i).trim()); start = i + 1; }
    }
    out.push(v.slice(start).trim());
    return out;
  }
  const URL_RE = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s]*))\s*\)/;
  function unescapeCss(s) {
    return s.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g,
      (m, hex, ch) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : ch));
  }
  function backgroundRefs(value, base, source) {
    if (!value || value === 'none' || value.indexOf('url(') < 0) return [];
    const refs = [];
    splitLayers(value).forEach((layer, i) => {
      const m = URL_RE.exec(layer);
      if (!m) return;
      const u = absUrl(unescapeCss(m[1] ?? m[2] ?? m[3] ?? ''), base);
      if (u) refs.push({ source, url: u, layer: i });
    });
    return refs;
  }

  // content: "a" attr(x) open-quote url(...) / "alt"
  function parseContent(v, el, pcs, base) {
    let text = '';
    const images = [];
    const quotes = pcs.quotes && pcs.quotes !== 'auto' && pcs.quotes !== 'none'
      ? [...pcs.quotes.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => unescapeCss(m[1]))
      : ['\u201c', '\u201d'];
    let i = 0;
    while (i < v.length) {
      const c = v[i];
      if (c === ' ') { i++; continue; }
      if (c === '/') break; // alternative text follows
      if (c === '"' || c === "'") {
        let j = i + 1; let raw = '';
        while (j < v.length && v[j] !== c) { if (v[j] === '\\') { raw += v[j]; j++; } raw += v[j]; j++; }
        text += unescapeCss(raw);
        i = j + 1;
        continue;
      }
      const m = /^([a-zA-Z-]+)(\((?:[^()"']|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')*\))?/.exec(v.slice(i));
      if (!m) { i++; continue; }
      i += m[0].length;
      const name = m[1].toLowerCase();
      const arg = m[2] ? m[2].slice(1, -1).trim() : '';
      if (name === 'url') {
        const um = URL_RE.exec(m[0]);
        const u = um ? absUrl(unescapeCss(um[1] ?? um[2] ?? um[3] ?? ''), base) : null;
        if (u) images.push({ source: 'content', url: u });
      } else if (name === 'attr') {
        text += el.getAttribute(arg) || '';
      } else if (name === 'open-quote') {
        text += quotes[0] || '';
      } else if (name === 'close-quote') {
        text += quotes[1] || '';
      }
      // counter()/counters() cannot be read from script: left out (recorded as a gap).
    }
    return { text, images };
  }

  function caretRect(el, atEnd, win) {
    const doc = el.ownerDocument;
    const walker = doc.createTreeWalker(el, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (/\S/.test(n.data) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
    });
    let t = walker.nextNode();
    if (atEnd) { let last = t; while (t) { last = t; t = walker.nextNode(); } t = last; }
    if (!t) return null;
    const r = doc.createRange();
    const offset = atEnd ? t.data.replace(/\s+$/, '').length : t.data.length - t.data.replace(/^\s+/, '').length;
    const end = Math.min(t.data.length, offset + (atEnd ? 0 : 1));
    const start = Math.max(0, atEnd ? offset - 1 : offset);
    r.setStart(t, start); r.setEnd(t, end);
    const rects = r.getClientRects();
    if (!rects.length) return null;
    const rc = rects[atEnd ? rects.length - 1 : 0];
    return { left: atEnd ? rc.right : rc.left, top: rc.top, bottom: rc.bottom };
  }

  // Pseudo-elements have no DOM node to measure: derive the box from their computed styles
  // and the host's layout (absolute: containing block + insets; in flow: content edge).
  function pseudoBox(el, which, pcs, cs, elRect, ox, oy, text, win) {
    const w = num(pcs.width); const h = num(pcs.height);
    const ml = num(pcs.marginLeft) || 0; const mt = num(pcs.marginTop) || 0;
    const mr = num(pcs.marginRight) || 0; const mb = num(pcs.marginBottom) || 0;
    let width = w; let height = h;
    if (!Number.isFinite(width) || !Number.isFinite(height)) {
      measureCtx.font = pcs.font || `${pcs.fontSize} ${pcs.fontFamily}`;
      const lh = num(pcs.lineHeight);
      if (!Number.isFinite(width)) width = measureCtx.measureText(text).width;
      if (!Number.isFinite(height)) height = Number.isFinite(lh) ? lh : (num(pcs.fontSize) || 16) * 1.2;
    }
    const pos = pcs.position;
    if (pos === 'absolute' || pos === 'fixed') {
      let pb;
      if (pos === 'fixed') {
        pb = { left: -win.scrollX, top: -win.scrollY, width: win.innerWidth };
      } else {
        let cb = el;
        while (cb && cb.nodeType === 1 && win.getComputedStyle(cb).position === 'static'
               && win.getComputedStyle(cb).transform === 'none') {
          cb = cb.parentElement;
        }
        if (cb && cb.nodeType === 1) {
          const r = cb === el ? elRect : cb.getBoundingClientRect();
          pb = { left: r.left + cb.clientLeft, top: r.top + cb.clientTop, width: cb.clientWidth };
        } else {
          pb = { left: -win.scrollX, top: -win.scrollY, width: win.innerWidth };
        }
      }
      const L = num(pcs.left); const T = num(pcs.top);
      return { x: round(pb.left + (Number.isFinite(L) ? L : 0) + ml + ox),
        y: round(pb.top + (Number.isFinite(T) ? T : 0) + mt + oy),
        width: round(width), height: round(height) };
    }
    const bl = num(cs.borderLeftWidth) || 0; const bt = num(cs.borderTopWidth) || 0;
    const pl = num(cs.paddingLeft) || 0; const pt = num(cs.paddingTop) || 0;
    const pbm = num(cs.paddingBottom) || 0; const bb = num(cs.borderBottomWidth) || 0;
    const contentLeft = elRect.left + bl + pl;
    const contentTop = elRect.top + bt + pt;
    const contentBottom = elRect.bottom - bb - pbm;
    let x; let y;
    const blockLevel = /^(block|flex|grid|list-item|table)/.test(pcs.display);
    if (blockLevel) {
      x = contentLeft + ml;
      y = which === 'before' ? contentTop + mt : contentBottom - mb - height;
    } else {
      const caret = caretRect(el, which === 'after', win);
      if (caret && which === 'before') {
        x = caret.left - mr - width; y = Math.max(caret.top, caret.bottom - height);
      } else if (caret) {
        x = caret.left + ml; y = Math.max(caret.top, caret.bottom - height);
      } else {
        x = contentLeft + ml; y = contentTop + mt;
        if (!el.children.length) {
          // Alone on the host's line (an icon's ::before in a fixed-width <i>): text-align places it.
          const contentWidth = elRect.right - (num(cs.borderRightWidth) || 0) - (num(cs.paddingRight) || 0) - contentLeft;
          const free = contentWidth - width - ml - mr;
          if (cs.textAlign === 'center' || cs.textAlign === '-webkit-center') x += free / 2;
          else if (cs.textAlign === 'right' || cs.textAlign === '-webkit-right') x += free;
        }
      }
    }
    if (pos === 'relative') { x += num(pcs.left) || 0; y += num(pcs.top) || 0; }
    return { x: round(x + ox), y: round(y + oy), width: round(width), height: round(height) };
  }

  // Asking for an element's ::before/::after style makes Chromium resolve a pseudo style, which
  // is slow when done for every element. Only rules that set `content` generate a box, and
  // pages declare few: gather their subject selectors per tree scope and ask only elements
  // that match one. Cross-origin sheets are read from their text (opts.externalPseudo, parsed
  // in Python from the responses); anything else unreadable means "ask every element".
  const PSEUDO_RE = /::?(before|after)\b/i;
  const ALWAYS_PSEUDO = new Set(['q']); // user-agent ::before/::after rules
  const pseudoFilters = new Map();
  function pseudoFilter(scope) {
    if (pseudoFilters.has(scope)) return pseudoFilters.get(scope);
    const parts = [];
    let unknown = false;
    const addSelectors = (selectorText) => {
      for (const part of splitLayers(selectorText)) {
        const m = PSEUDO_RE.exec(part);
        if (m) parts.push(part.slice(0, m.index).trim() || '*');
      }
    };
    const visit = (rules) => {
      for (const r of rules) {
        if (typeof r.selectorText === 'string') {
          if (PSEUDO_RE.test(r.selectorText) && r.style.getPropertyValue('content') !== '') {
            addSelectors(r.selectorText);
          }
          if (r.cssRules && r.cssRules.length) unknown = true; // nested CSS: relative selectors
        } else if (r.cssRules) {
          visit(r.cssRules);
        } else if (r.styleSheet) {
          readSheet(r.styleSheet);
        }
      }
    };
    const readSheet = (sheet) => {
      let rules = null;
      try { rules = sheet.cssRules; } catch (e) { rules = null; }
      if (rules) { visit(rules); return; }
      const external = sheet.href && externalPseudo[sheet.href];
      if (external) external.forEach(addSelectors); else if (sheet.href) unknown = true;
    };
    for (const sheet of [...(scope.styleSheets || []), ...(scope.adoptedStyleSheets || [])]) {
      readSheet(sheet);
    }
    let filter = unknown ? null : parts.join(',');
    if (filter) { try { scope.querySelector(filter); } catch (e) { filter = null; } }
    pseudoFilters.set(scope, filter);
    return filter;
  }
  function mayHavePseudo(el, tag) {
    if (ALWAYS_PSEUDO.has(tag) || el.shadowRoot) return true;
    const filter = pseudoFilter(el.getRootNode());
    if (filter === null) return true;
    return filter !== '' && el.matches(filter);
  }

  function pseudoOf(el, which, cs, elRect, ox, oy, win, base) {
    const pcs = win.getComputedStyle(el, `::${which}`);
    const content = pcs.content;
    if (!content || content === 'none' || content === 'normal' || pcs.display === 'none') return null;
    const parsed = parseContent(content, el, pcs, base);
    const styles = stylesOf(pcs, cs.display, true, false);
    for (const p of pseudoProps) styles[p] = pcs.getPropertyValue(p);
    noteFamilies(pcs.fontFamily);
    return {
      content: parsed.text,
      box: pseudoBox(el, which, pcs, cs, elRect, ox, oy, parsed.text, win),
      boxEstimated: true,
      styles,
      images: parsed.images.concat(backgroundRefs(pcs.backgroundImage, base, 'background')),
    };
  }

  // The ::placeholder colour: pages hide placeholders (floating labels make them transparent).
  function placeholderColor(el) {
    if (!el.getAttribute('placeholder')) return null;
    return el.ownerDocument.defaultView.getComputedStyle(el, '::placeholder').color;
  }

  // ---- List markers (::marker) --------------------------------------------------------------
  // The marker is not in the DOM and getComputedStyle(el, '::marker') gives its styles but not
  // its text or box: the text is derived from list-style-type (or ::marker content) and the
  // list-item counter (computed here as Chromium's ListItemOrdinal does), and the box from the
  // li's content edge, the first line's baseline and Chromium's marker geometry (list_marker.cc).
  const MARKER_PADDING = 7; // kCMarkerPaddingPx
  const SYMBOLS = { disc: '\u2022', circle: '\u25e6', square: '\u25aa' };
  const DISCLOSURE = { 'disclosure-open': '\u25be', 'disclosure-closed': '\u25b8' };
  const ALPHA = { 'lower-alpha': 'abcdefghijklmnopqrstuvwxyz', 'lower-latin': 'abcdefghijklmnopqrstuvwxyz',
    'upper-alpha': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'upper-latin': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    'lower-greek': '\u03b1\u03b2\u03b3\u03b4\u03b5\u03b6\u03b7\u03b8\u03b9\u03ba\u03bb\u03bc\u03bd\u03be\u03bf\u03c0\u03c1\u03c3\u03c4\u03c5\u03c6\u03c7\u03c8\u03c9' };
  const ROMAN = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'],
    [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];
  const listOrdinals = new Map(); // list owner -> Map(list item -> ordinal)
  const LIST_OWNERS = new Set(['ol', 'ul', 'menu']);

  function listOwner(li) {
    for (let a = li.parentElement; a; a = a.parentElement) if (LIST_OWNERS.has(a.localName)) return a;
    return li.parentElement;
  }
  // HTML's ordinal values with Chromium's CSS hooks: <ol start>, reversed, <li value>,
  // counter-set/counter-increment: list-item on the item (Chromium ignores counter-reset here).
  function ordinalOf(li, win) {
    const owner = listOwner(li);
    if (!owner) return 1;
    let ordinals = listOrdinals.get(owner);
    if (!ordinals) {
      ordinals = new Map();
      const items = [];
      // An ol/ul/menu owns the list items below it up to the next list; any other owner (a
      // list item's parent) its children.
      const deep = LIST_OWNERS.has(owner.localName);
      const visit = (parent) => {
        for (const c of parent.children) {
          const cs = win.getComputedStyle(c);
          if (cs.display === 'list-item') items.push([c, cs]);
          if (deep && !LIST_OWNERS.has(c.localName)) visit(c);
        }
      };
      visit(owner);
      const isOl = owner.localName === 'ol';
      const reversed = isOl && owner.hasAttribute('reversed');
      const step = reversed ? -1 : 1;
      const startAttr = isOl ? parseInt(owner.getAttribute('start'), 10) : NaN;
      const start = Number.isFinite(startAttr) ? startAttr : (reversed ? items.length : 1);
      let prev = start - step;
      for (const [c, cs] of items) {
        const valueAttr = c.localName === 'li' ? parseInt(c.getAttribute('value'), 10) : NaN; // in a <ul> too
        const set = /list-item\s+(-?\d+)/.exec(cs.counterSet || '');
        const inc = /list-item\s+(-?\d+)/.exec(cs.counterIncrement || '');
        let v;
        if (Number.isFinite(valueAttr)) v = valueAttr;
        else if (set) v = parseInt(set[1], 10);
        else v = prev + (inc ? parseInt(inc[1], 10) : step);
        ordinals.set(c, v);
        prev = v;
      }
      listOrdinals.set(owner, ordinals);
    }
    return ordinals.has(li) ? ordinals.get(li) : 1;
  }
  function formatCounter(n, type) {
    if (type === 'decimal-leading-zero') return n >= 0 && n < 10 ? `0${n}` : String(n);
    if (type === 'lower-roman' || type === 'upper-roman') {
      if (n < 1 || n > 3999) return String(n);
      let s = ''; let v = n;
      for (const [k, r] of ROMAN) while (v >= k) { s += r; v -= k; }
      return type === 'upper-roman' ? s.toUpperCase() : s;
    }
    if (ALPHA[type]) {
      const letters = ALPHA[type];
      if (n < 1) return String(n);
      let s = ''; let v = n;
      while (v > 0) { v -= 1; s = letters[v % letters.length] + s; v = Math.floor(v / letters.length); }
      return s;
    }
    return String(n);
  }
  const KNOWN_COUNTERS = new Set(['decimal', 'decimal-leading-zero', 'lower-roman', 'upper-roman',
    ...Object.keys(ALPHA)]);
  // ::marker { content: ... }: strings and counter(list-item[, style]) / counters(...).
  function markerContent(v, n, type) {
    let text = '';
    const re = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|counters?\(\s*list-item\s*(?:,\s*(?:"[^"]*"|'[^']*')\s*)?(?:,\s*([a-z-]+)\s*)?\)/gi;
    let m;
    while ((m = re.exec(v)) !== null) {
      if (m[1] !== undefined || m[2] !== undefined) text += unescapeCss(m[1] ?? m[2]);
      else text += formatCounter(n, (m[3] || type).toLowerCase());
    }
    return text;
  }

  function markerOf(el, cs, rect, ox, oy, win, base) {
    const type = cs.listStyleType;
    // Resolving ::marker styles is slow and navigation menus are lists without markers: a
    // ::marker { content } on a list-style: none item is not looked for.
    if (type === 'none' && (!cs.listStyleImage || cs.listStyleImage === 'none')) return null;
    const mcs = win.getComputedStyle(el, '::marker');
    const position = cs.listStylePosition === 'inside' ? 'inside' : 'outside';
    const content = mcs.content;
    if (content === 'none' || mcs.display === 'none') return null;
    const imageMatch = URL_RE.exec(cs.listStyleImage || '');
    const imageUrl = content === 'normal' && imageMatch
      ? absUrl(unescapeCss(imageMatch[1] ?? imageMatch[2] ?? imageMatch[3] ?? ''), base) : null;
    let kind = 'text';
    let text = '';
    let fallback = false;
    if (imageUrl) {
      kind = 'image';
    } else if (content && content !== 'normal') {
      text = markerContent(content, ordinalOf(el, win), type === 'none' ? 'decimal' : type);
    } else if (type === 'none') {
      return null;
    } else if (SYMBOLS[type]) {
      kind = 'symbol'; text = SYMBOLS[type];
    } else if (DISCLOSURE[type]) {
      text = `${DISCLOSURE[type]} `;
    } else if (/^["']/.test(type)) {
      text = unescapeCss(type.slice(1, -1));
    } else {
      fallback = !KNOWN_COUNTERS.has(type); // @counter-style or a national numbering system
      text = `${formatCounter(ordinalOf(el, win), fallback ? 'decimal' : type)}. `;
    }
    if (kind !== 'image' && !text) return null;
    const styles = allStyles(mcs, textProps);
    noteFamilies(styles['font-family']);
    measureCtx.font = mcs.font || `${mcs.fontSize} ${mcs.fontFamily}`;
    const mm = measureCtx.measureText(text || 'x');
    const ascent = Math.round(mm.fontBoundingBoxAscent); // Chromium rounds font metrics
    const descent = Math.round(mm.fontBoundingBoxDescent);
    // The content edge (where outside markers end) and the first line's baseline.
    const contentLeft = rect.left + (num(cs.borderLeftWidth) || 0) + (num(cs.paddingLeft) || 0);
    const contentTop = rect.top + (num(cs.borderTopWidth) || 0) + (num(cs.paddingTop) || 0);
    let baseline = contentTop + ascent;
    let lineLeft = contentLeft + (num(cs.textIndent) || 0);
    const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT, {
      acceptNode: (t) => (/\S/.test(t.data) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
    });
    const first = walker.nextNode();
    if (first && first.parentElement) {
      const r = el.ownerDocument.createRange();
      const at = first.data.length - first.data.replace(/^\s+/, '').length;
      r.setStart(first, at); r.setEnd(first, at + 1);
      const rc = r.getClientRects()[0];
      if (rc) {
        measureCtx.font = win.getComputedStyle(first.parentElement).font;
        baseline = rc.top + Math.round(measureCtx.measureText('x').fontBoundingBoxAscent);
        if (position === 'inside') lineLeft = Math.min(lineLeft, rc.left);
      }
    }
    const out = { kind, text, position, styles };
    if (fallback) out.fallback = true;
    let x; let y; let w; let h;
    if (kind === 'image') {
      const img = new Image();
      img.src = imageUrl; // in the list of available images (the page drew it): sized synchronously
      w = img.naturalWidth || ascent; h = img.naturalHeight || ascent;
      x = position === 'outside' ? contentLeft - w - MARKER_PADDING : lineLeft;
      y = baseline - h;
      out.image = { source: 'marker', url: imageUrl, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight };
    } else if (kind === 'symbol') {
      // ListMarker::RelativeSymbolMarkerRect and InlineMarginsForOutside/Inside.
      const offset = Math.floor((ascent * 2) / 3);
      w = Math.floor((offset + 1) / 2); h = w;
      const boxLeft = position === 'outside' ? contentLeft - offset - MARKER_PADDING - 1 : lineLeft - 1;
      x = boxLeft + 1;
      y = baseline - ascent + Math.floor((3 * (ascent - offset)) / 2);
    } else {
      measureCtx.font = mcs.font || `${mcs.fontSize} ${mcs.fontFamily}`;
      w = measureCtx.measureText(text).width;
      h = ascent + descent;
      x = position === 'outside' ? contentLeft - w : lineLeft;
      y = baseline - ascent;
    }
    out.box = { x: round(x + ox), y: round(y + oy), width: round(w), height: round(h) };
    out.baseline = round(baseline + oy);
    return out;
  }
  // ---- end of list markers ------------------------------------------------------------------

  function formOf(el, tag) {
    if (tag === 'input') {
      const type = (el.type || 'text').toLowerCase();
      const f = {
        type, placeholder: el.getAttribute('placeholder'), placeholderColor: placeholderColor(el),
        disabled: !!el.disabled,
      };
      if (type === 'checkbox' || type === 'radio') { f.checked = !!el.checked; f.value = el.value; }
      else if (type === 'password') f.value = '\u2022'.repeat(el.value.length);
      else if (type !== 'hidden' && type !== 'file') f.value = el.value;
      return f;
    }
    if (tag === 'textarea') {
      return {
        value: el.value, placeholder: el.getAttribute('placeholder'), placeholderColor: placeholderColor(el),
        disabled: !!el.disabled,
      };
    }
    if (tag === 'select') {
      const sel = [...el.selectedOptions].map((o) => o.text).join(', ');
      return { value: sel, disabled: !!el.disabled };
    }
    if (tag === 'button') return { type: (el.type || 'submit').toLowerCase(), disabled: !!el.disabled };
    return null;
  }

  function attrsOf(el, base) {
    const out = {};
    for (const a of attrNames) {
      const v = el.getAttribute(a);
      if (v === null) continue;
      out[a] = a === 'href' ? (absUrl(v, base) || v) : v;
    }
    return out;
  }

  function createsStackingContext(el, styles, parentDisplay) {
    const v = (p) => valueOf(styles, p);
    const pos = v('position');
    if (el === el.ownerDocument.documentElement) return true;
    if (pos === 'fixed' || pos === 'sticky') return true;
    if (v('z-index') !== 'auto'
        && (pos !== 'static' || (parentDisplay && FLEX_OR_GRID.test(parentDisplay)))) return true;
    return v('opacity') !== '1' || v('transform') !== 'none' || v('filter') !== 'none'
      || v('backdrop-filter') !== 'none' || v('mix-blend-mode') !== 'normal'
      || v('isolation') === 'isolate' || v('clip-path') !== 'none' || v('mask-image') !== 'none'
      || v('perspective') !== 'none' || /transform|opacity|filter/.test(v('will-change'))
      || /paint|layout|strict|content/.test(v('contain'));
  }

  // Line boxes: group the range's client rects by line, then binary-search the character
  // offsets where each line starts (monotonic for horizontal text), so cost is per line.
  function textNodeOf(t, parent, ox, oy, inShadow) {
    const parentCs = parent.cs;
    const data = t.data;
    if (!data) return null;
    const doc = t.ownerDocument;
    const range = doc.createRange();
    range.selectNodeContents(t);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 || r.height > 0);
    if (!rects.length) return null;
    const lines = [];
    for (const r of rects) {
      const mid = (r.top + r.bottom) / 2;
      const line = lines.find((l) => mid > l.top && mid < l.bottom);
      if (line) {
        line.left = Math.min(line.left, r.left); line.right = Math.max(line.right, r.right);
        line.top = Math.min(line.top, r.top); line.bottom = Math.max(line.bottom, r.bottom);
      } else {
        lines.push({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
      }
    }
    const collapse = COLLAPSING_WS.has(parentCs.whiteSpace)
      || (parentCs.whiteSpaceCollapse && parentCs.whiteSpaceCollapse !== 'preserve'
          && parentCs.whiteSpaceCollapse !== 'break-spaces');
    const WS_RE = /[ \t\n\r\f]/;
    const norm = (s) => (collapse ? s.replace(/[ \t\n\r\f]+/g, ' ') : s.replace(/\n$/, ''));
    const starts = [0];
    if (lines.length > 1) {
      const lineIndexAt = (i) => {
        // Characters collapsed away have no rect: look right for the next rendered one.
        for (let j = i; j < data.length && j < i + 64; j++) {
          range.setStart(t, j); range.setEnd(t, j + 1);
          const rs = range.getClientRects();
          if (rs.length) {
            const mid = (rs[0].top + rs[0].bottom) / 2;
            const k = lines.findIndex((l) => mid > l.top && mid < l.bottom);
            if (k >= 0) return k;
          }
        }
        return lines.length;
      };
      let lo = 0;
      for (let k = 1; k < lines.length; k++) {
        let a = lo; let b = data.length;
        while (a < b) { const m = (a + b) >> 1; if (lineIndexAt(m) >= k) b = m; else a = m + 1; }
        starts.push(a); lo = a;
      }
    }
    // Collapsible whitespace at the node's ends counts only if Chromium rendered it (a space
    // after an inline sibling does; indentation at a block's start does not).
    const renderedAt = (i) => {
      range.setStart(t, i); range.setEnd(t, i + 1);
      const rs = range.getClientRects();
      return rs.length > 0 && rs[0].width > 0;
    };
    const lead = collapse && /^[ \t\n\r\f]/.test(data) && renderedAt(0);
    // A collapsed run of whitespace is drawn (as one space) at its first character, not its last.
    const trailing = collapse ? /[ \t\n\r\f]+$/.exec(data) : null;
    const trail = trailing !== null && renderedAt(trailing.index);
    const last = lines.length - 1;
    // The width of a line's first word (one CJK character; up to a space or a hyphen otherwise):
    // the line before it had less room than that, which is what makes the page's wraps
    // reproducible with another engine's widths.
    const BREAK_AFTER = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
    const leadWord = (from, to) => {
      let i = from;
      while (i < to && WS_RE.test(data[i])) i++;
      let j = i;
      if (j < to && BREAK_AFTER.test(data[j])) j++;
      else while (j < to && !WS_RE.test(data[j]) && !BREAK_AFTER.test(data[j]) && data[j - 1] !== '-') j++;
      if (j <= i) return null;
      range.setStart(t, i); range.setEnd(t, j);
      const rs = [...range.getClientRects()].filter((r) => r.width > 0);
      return rs.length === 1 ? round(rs[0].width) : null;
    };
    const lineBoxes = lines.map((l, k) => {
      let s = norm(data.slice(starts[k], k < last ? starts[k + 1] : data.length));
      if (collapse) {
        // Only collapsible whitespace: trim() would take a no-break space too, which is drawn.
        s = s.replace(/^ +| +$/g, '');
        // A node of whitespace only (between an icon and a label) draws one space, not two.
        const onlySpace = s === '' && k === 0 && lead;
        if (k === 0 && lead) s = ` ${s}`;
        if (k === last && trail && !onlySpace) s = `${s} `;
        // A wrap at a collapsible space keeps it (hanging) at the line's end: the converter
        // cannot tell it from a wrap between two CJK characters (Chromium breaks Hangul
        // anywhere) once trimmed.
        if (k < last && s && (WS_RE.test(data[starts[k + 1] - 1] || '') || WS_RE.test(data[starts[k + 1]] || ''))) {
          s = `${s} `;
        }
      }
      const box = { x: round(l.left + ox), y: round(l.top + oy), width: round(l.right - l.left),
        height: round(l.bottom - l.top), text: s };
      const firstWord = collapse ? leadWord(starts[k], k < last ? starts[k + 1] : data.length) : null;
      if (firstWord !== null) box.leadWord = firstWord;
      return box;
    });
    const left = Math.min(...lines.map((l) => l.left));
    const top = Math.min(...lines.map((l) => l.top));
    const right = Math.max(...lines.map((l) => l.right));
    const bottom = Math.max(...lines.map((l) => l.bottom));
    const node = {
      kind: 'text', id: nextId++, text: lineBoxes.map((l) => l.text).join('\n'), lineBoxes,
      box: { x: round(left + ox), y: round(top + oy), width: round(right - left), height: round(bottom - top) },
      styles: textStylesOf(parent),
    };
    if (inShadow) node.inShadow = true;
    texts++;
    textRefs.set(node.id, t); // for rendered_fonts.py (CSS.getPlatformFontsForNode)
    return node;
  }

  // `parent`: { cs, styles (null for display: contents), withText, display } of the flat-tree
  // parent; display is the box-generating ancestor's (flex items through display: contents).
  function walkChildren(nodes, parent, ctx, out) {
    for (const n of nodes) {
      if (n.nodeType === 1) {
        for (const c of walkElement(n, parent, ctx)) out.push(c);
      } else if (n.nodeType === 3) {
        if (count >= maxNodes) { truncatedNodes = true; continue; }
        const tn = textNodeOf(n, parent, ctx.ox, ctx.oy, ctx.inShadow);
        if (!tn) continue;
        if (tn.box.y >= maxPageHeight) { truncatedHeight = true; continue; }
        count++;
        out.push(tn);
      }
    }
  }

  // Flat-tree children: a shadow host shows its shadow tree; a slot shows its assigned
  // (light-DOM, so not inShadow) nodes, or its own fallback content.
  function flatChildren(el, tag, ctx) {
    if (el.shadowRoot) {
      return [el.shadowRoot.childNodes, { ...ctx, inShadow: true, hostInShadow: ctx.inShadow }];
    }
    if (tag === 'slot') {
      const assigned = el.assignedNodes();
      if (assigned.length) return [assigned, { ...ctx, inShadow: !!ctx.hostInShadow }];
    }
    return [el.childNodes, ctx];
  }
  const hasText = (nodes) => {
    for (const n of nodes) if (n.nodeType === 3 && /\S/.test(n.data)) return true;
    return false;
  };

  // Returns 0..n nodes: display:contents hoists its children into the parent.
  function walkElement(el, parent, ctx) {
    const { win, ox, oy } = ctx;
    const tag = el.localName;
    if (SKIP_TAGS.has(tag)) return [];
    const cs = win.getComputedStyle(el);
    const display = cs.display;
    if (display === 'none') return [];
    if (display === 'contents') {
      const out = [];
      const [nodes, childCtx] = flatChildren(el, tag, ctx);
      walkChildren(nodes, { cs, styles: null, withText: false, display: parent && parent.display },
        childCtx, out);
      return out;
    }
    // Not rendered though displayed: the content of a closed <details> (content-visibility:
    // hidden on its slot), under a content-visibility: hidden ancestor.
    if (typeof el.checkVisibility === 'function' && !el.checkVisibility()) return [];
    const base = el.baseURI;
    if (count >= maxNodes) { truncatedNodes = true; return []; }
    const rect = el.getBoundingClientRect();
    const b = box(rect, ox, oy);
    if (b.y >= maxPageHeight && cs.position !== 'fixed') { truncatedHeight = true; return []; }
    count++; elements++;
    const leaf = LEAF_TAGS.has(tag) || tag === 'iframe';
    const [childNodes, childCtx] = leaf ? [[], ctx] : flatChildren(el, tag, ctx);
    const withText = FORM_TAGS.has(tag) || hasText(childNodes);
    const parentDisplay = parent && parent.display;
    const styles = stylesOf(cs, parentDisplay, withText, REPLACED.has(tag));
    const node = {
      kind: 'element', id: nextId++, tag, attrs: attrsOf(el, base), box: b, styles,
      visible: valueOf(styles, 'visibility') === 'visible' && valueOf(styles, 'opacity') !== '0',
    };
    if (win === topWin) elementRefs.set(node.id, el);
    const zValue = valueOf(styles, 'z-index');
    const z = zValue === 'auto' ? null : parseInt(zValue, 10);
    if (z !== null) node.zIndex = z;
    const sc = createsStackingContext(el, styles, parentDisplay);
    if (sc) node.stackingContext = true;
    if (ctx.inShadow) node.inShadow = true;
    meta.set(node, { sc, z: z || 0, positioned: valueOf(styles, 'position') !== 'static' });
    if (withText) noteFamilies(styles['font-family'] || '');

    if (el.clientWidth && (el.clientLeft || el.clientTop || el.clientWidth !== Math.round(rect.width))) {
      node.clientBox = { x: round(rect.left + el.clientLeft + ox), y: round(rect.top + el.clientTop + oy),
        width: el.clientWidth, height: el.clientHeight };
    }
    if (el.scrollTop || el.scrollLeft) node.scroll = { x: el.scrollLeft, y: el.scrollTop };

    const images = [];
    if (tag === 'img') {
      const u = el.currentSrc || el.src;
      if (u) images.push({ source: 'img', url: u, naturalWidth: el.naturalWidth, naturalHeight: el.naturalHeight });
    } else if (tag === 'input' && (el.type || '').toLowerCase() === 'image' && el.src) {
      images.push({ source: 'input', url: el.src });
    } else if (tag === 'video' && el.poster) {
      images.push({ source: 'poster', url: el.poster });
    } else if (tag === 'canvas') {
      try {
        const key = `canvas-${node.id}`;
        canvases[key] = el.toDataURL('image/png');
        images.push({ source: 'canvas', canvasKey: key, naturalWidth: el.width, naturalHeight: el.height });
      } catch (e) {
        warnings.push(`canvas #${node.id} is tainted by cross-origin content; not captured`);
      }
    }
    for (const r of backgroundRefs(valueOf(styles, 'background-image'), base, 'background')) images.push(r);
    if (images.length) node.images = images;

    if (tag === 'svg') {
      node.svg = el.outerHTML;
      for (const im of el.querySelectorAll('image')) {
        const href = im.getAttribute('href') || im.getAttribute('xlink:href');
        const u = href && absUrl(href, base);
        if (u) images.push({ source: 'svg-image', url: u });
      }
      if (images.length) node.images = images;
    }
    const form = formOf(el, tag);
    if (form) node.form = form;

    const pseudoPossible = mayHavePseudo(el, tag);
    const before = pseudoPossible && pseudoOf(el, 'before', cs, rect, ox, oy, win, base);
    const after = pseudoPossible && pseudoOf(el, 'after', cs, rect, ox, oy, win, base);
    if (before || after) {
      node.pseudo = {};
      if (before) node.pseudo.before = before;
      if (after) node.pseudo.after = after;
    }
    if (display === 'list-item') {
      const marker = markerOf(el, cs, rect, ox, oy, win, base);
      if (marker) node.marker = marker;
    }

    const children = [];
    if (tag === 'iframe') {
      let doc = null;
      try { doc = el.contentDocument; } catch (e) { doc = null; }
      if (doc && doc.documentElement) {
        node.frame = { url: doc.URL, title: doc.title };
        const fx = rect.left + el.clientLeft + (num(styles['padding-left']) || 0) + ox;
        const fy = rect.top + el.clientTop + (num(styles['padding-top']) || 0) + oy;
        const fwin = doc.defaultView;
        for (const c of walkElement(doc.documentElement, null,
          { win: fwin, ox: fx, oy: fy, inShadow: false })) children.push(c);
      } else {
        warnings.push(`iframe #${node.id} ${absUrl(el.getAttribute('src') || '', base) || ''} is cross-origin or empty; its content is not captured`);
      }
    } else if (!leaf) {
      if (el.shadowRoot) node.shadowRoot = true;
      walkChildren(childNodes, { cs, styles, withText, display }, childCtx, children);
    }
    node.children = children;
    return [node];
  }

  // Painting order, CSS 2.1 Appendix E simplified: per stacking context, negative z layers,
  // then in-flow non-positioned descendants in tree order, then positioned z:auto/0 layers in
  // tree order, then positive z layers. Positioned z:auto elements are painted atomically.
  let order = 0;
  function paintContext(node) {
    node.paintOrder = order++;
    const neg = []; const flow = []; const zero = []; const pos = [];
    const collect = (n) => {
      for (const c of n.children || []) {
        if (c.kind !== 'element') continue;
        const m = meta.get(c);
        if (m.sc && m.z < 0) neg.push(c);
        else if (m.sc && m.z > 0) pos.push(c);
        else if (m.sc || m.positioned) zero.push(c);
        else { flow.push(c); collect(c); }
      }
    };
    collect(node);
    neg.sort((a, b) => meta.get(a).z - meta.get(b).z);
    pos.sort((a, b) => meta.get(a).z - meta.get(b).z);
    for (const c of neg) paintContext(c);
    for (const c of flow) c.paintOrder = order++;
    for (const c of zero) paintContext(c);
    for (const c of pos) paintContext(c);
  }

  const root = walkElement(document.documentElement, null,
    { win: topWin, ox: scrollX0, oy: scrollY0, inShadow: false })[0]
    || { kind: 'element', id: nextId++, tag: 'html', attrs: {}, styles: {}, visible: false,
      box: { x: 0, y: 0, width: topWin.innerWidth, height: 0 }, children: [] };
  if (!meta.has(root)) meta.set(root, { sc: true, z: 0, positioned: false });
  paintContext(root);
  if (truncatedNodes) warnings.push(`DOM truncated: more than ${maxNodes} nodes; the rest was left out`);
  if (truncatedHeight) warnings.push(`content below ${maxPageHeight} px was left out (page height limit)`);

  // Font faces of the families in use, with their @font-face src URLs where readable.
  const norm = (f) => f.trim().replace(/^["']|["']$/g, '').toLowerCase();
  const used = new Set([...familiesUsed].map(norm));
  const rules = [];
  const visit = (list, sheetHref) => {
    for (const r of list) {
      if (r.type === CSSRule.FONT_FACE_RULE) {
        const src = r.style.getPropertyValue('src');
        const urls = [];
        for (const m of src.matchAll(new RegExp(URL_RE.source, 'g'))) {
          const u = absUrl(unescapeCss(m[1] ?? m[2] ?? m[3] ?? ''), sheetHref || document.baseURI);
          if (u) urls.push(u);
        }
        rules.push({ family: norm(r.style.getPropertyValue('font-family')),
          weight: r.style.getPropertyValue('font-weight') || '400',
          style: r.style.getPropertyValue('font-style') || 'normal',
          urls });
      } else if (r.cssRules) {
        visit(r.cssRules, sheetHref);
      } else if (r.styleSheet) {
        try { visit(r.styleSheet.cssRules, r.styleSheet.href || sheetHref); } catch (e) { /* cross-origin */ }
      }
    }
  };
  for (const s of document.styleSheets) {
    try { visit(s.cssRules, s.href); } catch (e) { /* cross-origin sheet: urls come from responses */ }
  }
  const fonts = [];
  for (const f of document.fonts) {
    if (!used.has(norm(f.family))) continue;
    const rule = rules.find((r) => r.family === norm(f.family) && r.weight === f.weight && r.style === f.style)
      || rules.find((r) => r.family === norm(f.family));
    fonts.push({ family: f.family.replace(/^["']|["']$/g, ''), weight: f.weight, style: f.style,
      stretch: f.stretch, unicodeRange: f.unicodeRange === 'U+0-10FFFF' ? null : f.unicodeRange,
      status: f.status, srcUrls: rule ? rule.urls : [] });
  }

  const se = document.scrollingElement || document.documentElement;
  const body = document.body;
  const pick = (c) => (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent' ? c : null);
  const result = {
    root,
    info: {
      url: document.URL, title: document.title, lang: document.documentElement.lang || null,
      viewport: { width: topWin.innerWidth, height: topWin.innerHeight },
      fullPageHeight: Math.max(se.scrollHeight, body ? body.scrollHeight : 0,
        document.documentElement.offsetHeight),
      scroll: { x: topWin.scrollX, y: topWin.scrollY },
      backgroundColor: pick(getComputedStyle(document.documentElement).backgroundColor)
        || (body && pick(getComputedStyle(body).backgroundColor)) || 'rgb(255, 255, 255)',
    },
    stats: { elements, texts, truncated: truncatedNodes || truncatedHeight },
    fonts, familiesUsed: [...familiesUsed], warnings, canvases,
  };
  return JSON.stringify(result);
}
