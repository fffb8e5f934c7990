// The text faults of the screen shown (tests/browser/text_fit.py says what is measured):
// evaluated by Playwright with ``root``, a selector of what to check (the body if none).
(root) => {
  const faults = [];
  const W = document.documentElement.clientWidth;
  const styleOf = new Map();
  const cs = (el) => { let s = styleOf.get(el); if (!s) { s = getComputedStyle(el); styleOf.set(el, s); } return s; };
  const name = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
      let p = e.tagName.toLowerCase();
      if (e.dataset && e.dataset.key) p += `[data-key=${e.dataset.key}]`;
      else if (e.classList && e.classList.length) p += '.' + [...e.classList].slice(0, 2).join('.');
      parts.unshift(p);
    }
    return parts.join(' > ');
  };
  // seen: not display none, not visibility hidden, not transparent, not screen-reader only
  const unseen = new Map();
  const hidden = (el) => {
    if (unseen.has(el)) return unseen.get(el);
    let out;
    if (!el || el === document.documentElement) out = false;
    else {
      const s = cs(el);
      if (s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse'
          || s.opacity === '0' || el.hasAttribute('hidden')) out = true;
      else if (s.clip && s.clip !== 'auto' && s.position === 'absolute') out = true;
      else if (s.clipPath && s.clipPath !== 'none' && /inset\(50%|circle\(0/.test(s.clipPath)) out = true;
      else {
        const r = el.getBoundingClientRect();
        if (s.overflow !== 'visible' && r.width <= 1.5 && r.height <= 1.5) out = true;
        else out = hidden(el.parentElement);
      }
    }
    unseen.set(el, out);
    return out;
  };
  const inline = (el) => /^inline(?!-block|-flex|-grid|-table)/.test(cs(el).display) || el.tagName === 'BR';
  const blockOf = (el) => { while (el && el.parentElement && inline(el)) el = el.parentElement; return el; };
  // the boxes that clip what is inside them: sideways, every box that does not let its content
  // overflow (hidden, clip, or scrolling: a page that scrolls up and down is read so, a row
  // hidden sideways is not); up and down, the boxes that hide it (overflow hidden or clip) up
  // to the nearest one that scrolls up and down (what it hides can be scrolled to)
  const clippers = new Map();
  const clipsOf = (el) => {
    if (clippers.has(el)) return clippers.get(el);
    let out = [];
    if (el && el.parentElement) {
      out = clipsOf(el.parentElement);
      const s = cs(el);
      const x = s.overflowX, y = s.overflowY;
      const hides = (v) => v === 'hidden' || v === 'clip';
      const moves = (v) => v === 'auto' || v === 'scroll';
      if (moves(y)) out = out.map((c) => ({...c, y: false}));
      if (x !== 'visible' || hides(y)) {
        const r = el.getBoundingClientRect();
        const bl = parseFloat(s.borderLeftWidth), bt = parseFloat(s.borderTopWidth);
        out = [...out, {el, x: x !== 'visible', y: hides(y), scrollsX: moves(x),
                        left: r.left + bl, right: r.left + bl + el.clientWidth,
                        top: r.top + bt, bottom: r.top + bt + el.clientHeight}];
      }
    }
    clippers.set(el, out);
    return out;
  };
  // the room sideways inside every box that holds an element (their padding boxes), up to the
  // nearest box laid out on its own (absolute or fixed): text beyond it spills out of a box
  const rooms = new Map();
  const roomOf = (el) => {
    if (rooms.has(el)) return rooms.get(el);
    let out = [-Infinity, Infinity];
    if (el && el !== document.documentElement) {
      const s = cs(el);
      const own = s.position === 'absolute' || s.position === 'fixed';
      if (!own) out = roomOf(el.parentElement);
      if (s.display !== 'contents' && !inline(el) && el.clientWidth > 0) {
        const b = el.getBoundingClientRect();
        const left = b.left + el.clientLeft;
        out = [Math.max(out[0], left), Math.min(out[1], left + el.clientWidth)];
      }
    }
    rooms.set(el, out);
    return out;
  };
  const round = (v) => Math.round(v);
  const reported = new Set();
  const report = (kind, el, word, text) => {
    const key = `${kind}|${name(el)}|${word}`;
    if (reported.has(key)) return;
    reported.add(key);
    faults.push(`${kind} ${JSON.stringify(word)} in ${name(el)}: ${JSON.stringify(text.trim().slice(0, 90))}`);
  };

  const scope = document.querySelector(root) || document.body;
  // 1. the words of every block's text
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('script, style, noscript, template, svg, select, option, textarea')) continue;
    if (!/\S/.test(n.data) && !nodes.length) continue;
    nodes.push(n);
  }
  // words across text nodes of the same block: pieces [node, start, end]
  const words = [];
  let cur = null, curBlock = null;
  const flush = () => { if (cur && cur.pieces.length) words.push(cur); cur = null; };
  for (const n of nodes) {
    const el = n.parentElement;
    const block = blockOf(el);
    if (block !== curBlock) { flush(); curBlock = block; }
    const seen = !hidden(el) && el.getClientRects().length > 0;
    const data = n.data;
    const re = /\S+/g;
    let m, last = 0;
    while ((m = re.exec(data))) {
      if (m.index > 0 || /^\s/.test(data)) flush();  // white space before: a new word
      if (!cur) cur = {pieces: [], text: '', el, seen: true, node: n};
      cur.pieces.push([n, m.index, m.index + m[0].length]);
      cur.text += m[0];
      cur.seen = cur.seen && seen;
      last = m.index + m[0].length;
    }
    if (last < data.length) flush();  // white space after: the word ends here
  }
  flush();
  const range = document.createRange();
  const BREAKS = /[-\u2010\u2013\u2014\/\u00ad\u200b]/;
  for (const w of words) {
    if (!w.seen) continue;
    // the word's boxes, piece by piece; a line may end after a hyphen, a dash, a slash, a soft
    // hyphen or a zero-width space: each part between such is a unit that never breaks
    let unit = [], unitText = '';
    const units = [];
    for (const [n, s, e] of w.pieces) {
      let from = s;
      for (let i = s; i < e; i++) {
        if (BREAKS.test(n.data[i]) && i + 1 < e) {
          unit.push([n, from, i + 1]); unitText += n.data.slice(from, i + 1);
          units.push([unit, unitText]); unit = []; unitText = ''; from = i + 1;
        }
      }
      unit.push([n, from, e]); unitText += n.data.slice(from, e);
    }
    units.push([unit, unitText]);
    for (const [parts, text] of units) {
      const rects = [];
      for (const [n, s, e] of parts) {
        if (s >= e) continue;
        range.setStart(n, s); range.setEnd(n, e);
        for (const r of range.getClientRects()) if (r.width > 0.5 && r.height > 0.5) rects.push([r, n]);
      }
      if (!rects.length) continue;
      // lines: boxes whose vertical middles are apart by more than half a line
      const mids = rects.map(([r]) => (r.top + r.bottom) / 2);
      const h = Math.min(...rects.map(([r]) => r.height));
      if (Math.max(...mids) - Math.min(...mids) > h / 2) {
        report('broken', w.el, text, w.node.data);
        continue;
      }
      for (const [r, n] of rects) {
        const el = n.parentElement;
        let cut = r.left < -0.5 || r.right > W + 0.5;
        for (const c of clipsOf(el)) {
          if ((c.x && (r.left < c.left - 0.5 || r.right > c.right + 0.5))
              || (c.y && (r.top < c.top - 1 || r.bottom > c.bottom + 1))) { cut = true; break; }
        }
        if (cut) { report('cut', el, text, n.data); break; }
        // wider than the box that holds it: it spills over its edge (into a border, a
        // neighbour or the window's edge)
        const [inLeft, inRight] = roomOf(el);
        if (r.left < inLeft - 1 || r.right > inRight + 1) { report('spills', el, text, n.data); break; }
      }
    }
  }
  // 2. an element that says it cuts its text (an ellipsis), even where the boxes above fit
  for (const el of scope.querySelectorAll('*')) {
    const s = cs(el);
    if (s.textOverflow !== 'clip' && s.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1
        && !hidden(el) && /\S/.test(el.textContent))
      report('cut', el, el.textContent.trim().slice(0, 40), el.textContent);
  }
  // 3. what a select or a text field shows, against the room inside it
  const pen = document.createElement('canvas').getContext('2d');
  for (const el of scope.querySelectorAll('select, input[type=text], input[type=number], input[type=search], input:not([type])')) {
    if (hidden(el) || !el.getClientRects().length) continue;
    const s = cs(el);
    const text = el.tagName === 'SELECT'
      ? (el.selectedOptions[0] ? el.selectedOptions[0].textContent : '')
      : (el.value || el.placeholder || '');
    if (!text.trim()) continue;
    pen.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const need = pen.measureText(text.trim()).width;
    let room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    if (el.tagName === 'SELECT') room -= 20;  // Chromium's arrow
    if (need > room + 0.5) report('cut', el, text.trim(), `needs ${round(need)} px, has ${round(room)}`);
  }
  // 4. SVG text (labels of drawings): cut when a box that clips the drawing itself (the drawing
  // is larger than its room) cuts across the label; the drawing's own edge is its window (a
  // board zoomed or panned shows half squares there) and a label wholly outside is not drawn
  const inside = (r, c) => r.left >= c.left - 1 && r.right <= c.right + 1
    && r.top >= c.top - 1 && r.bottom <= c.bottom + 1;
  const meets = (r, c) => r.right > c.left && r.left < c.right && r.bottom > c.top
    && r.top < c.bottom;
  for (const t of scope.querySelectorAll('svg text')) {
    if (!/\S/.test(t.textContent) || hidden(t.parentElement)) continue;
    const r = t.getBoundingClientRect();
    if (r.width < 0.5) continue;
    let outer = t.ownerSVGElement;
    while (outer.ownerSVGElement) outer = outer.ownerSVGElement;
    const drawing = outer.getBoundingClientRect();
    // each box on the sides it clips (a box that scrolls sideways lets the drawing be scrolled)
    const cutBy = clipsOf(outer.parentElement)
      .map((c) => ({left: c.x && !c.scrollsX ? c.left : -Infinity,
                    right: c.x && !c.scrollsX ? c.right : Infinity,
                    top: c.y ? c.top : -Infinity, bottom: c.y ? c.bottom : Infinity}))
      .concat([{left: 0, right: W, top: -Infinity, bottom: Infinity}])  // the window, sideways
      .filter((c) => !inside(drawing, c));
    if (cutBy.some((c) => meets(r, c) && !inside(r, c))) {
      report('cut', t, t.textContent.trim(), t.textContent);
    }
  }
  return faults;
}
