/* Caldera Park game screens: turn element descriptions (made in Python, pyapp/ui/vdom.py) into
 * DOM nodes, patching the nodes already there so focus, scroll and form fields survive a redraw.
 *
 * A description is JSON: a string (a text node) or [tag, {attribute: value}, child, child, ...].
 * Nodes are made with createElement/createElementNS, attributes with setAttribute and text with
 * text nodes: nothing is ever parsed as HTML. The attributes "value" and "checked" also set the
 * property of form fields (only when it differs, so typing is never disturbed). An element whose
 * "data-scroll-key" changes is scrolled back to its top (a table at the start of a decision).
 * An element whose "data-memo" is the one it already has keeps its children as they are (the
 * description holds the same ones: a kept drawing, pyapp/ui/vdom.py), so they are not walked.
 */
(function () {
  "use strict";

  var SVG_NS = "http://www.w3.org/2000/svg";

  function isSvgTag(tag, parentSvg) {
    return tag === "svg" || (parentSvg && tag !== "foreignObject");
  }

  function setProps(el, attrs) {
    if (Object.prototype.hasOwnProperty.call(attrs, "value") && "value" in el) {
      if (el.value !== attrs.value) el.value = attrs.value;
    }
    if (el.tagName === "INPUT" && (el.type === "checkbox" || el.type === "radio")) {
      var want = Object.prototype.hasOwnProperty.call(attrs, "checked");
      if (el.checked !== want) el.checked = want;
    }
  }

  /* Motion: an element created with data-fly-from="KEY" travels from the element whose
   * data-key is KEY to its own place (a token from the display to its space); skipped when
   * the person asks for reduced motion. */
  var flying = [];
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");

  function fly(root) {
    var list = flying;
    flying = [];
    if (reduced && reduced.matches) return;
    for (var i = 0; i < list.length; i++) {
      var el = list[i];
      var from = root.querySelector('[data-key="' + el.getAttribute("data-fly-from") + '"]');
      if (!from || !el.animate || !el.isConnected) continue;
      var a = from.getBoundingClientRect();
      var b = el.getBoundingClientRect();
      if (!a.width || !b.width) continue;
      var scale = 1;
      if (el.getScreenCTM && el.ownerSVGElement) {
        var ctm = el.getScreenCTM();
        if (ctm && ctm.a) scale = ctm.a;
      }
      var dx = (a.left + a.width / 2 - (b.left + b.width / 2)) / scale;
      var dy = (a.top + a.height / 2 - (b.top + b.height / 2)) / scale;
      var ms = Number(el.getAttribute("data-fly-ms")) || 420;
      el.animate(
        [{ transform: "translate(" + dx + "px," + dy + "px) scale(1.25)" }, { transform: "none" }],
        { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" }
      );
    }
  }

  function create(desc, svg) {
    if (typeof desc === "string") return document.createTextNode(desc);
    var tag = desc[0];
    var inSvg = isSvgTag(tag, svg);
    var el = inSvg ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
    var attrs = desc[1] || {};
    if (attrs["data-fly-from"]) flying.push(el);
    for (var name in attrs) {
      if (Object.prototype.hasOwnProperty.call(attrs, name)) el.setAttribute(name, attrs[name]);
    }
    setProps(el, attrs);
    var childSvg = inSvg && tag !== "foreignObject";
    for (var i = 2; i < desc.length; i++) el.appendChild(create(desc[i], childSvg));
    return el;
  }

  function sameKind(node, desc) {
    if (typeof desc === "string") return node.nodeType === 3;
    if (node.nodeType !== 1) return false;
    if (node.localName !== desc[0]) return false;
    var key = desc[1] && desc[1]["data-key"];
    return (key || null) === node.getAttribute("data-key");
  }

  function patchAttrs(el, attrs) {
    var scrollKey = el.getAttribute("data-scroll-key");
    var old = el.attributes;
    for (var i = old.length - 1; i >= 0; i--) {
      var name = old[i].name;
      if (!Object.prototype.hasOwnProperty.call(attrs, name)) el.removeAttribute(name);
    }
    for (var key in attrs) {
      if (Object.prototype.hasOwnProperty.call(attrs, key) && el.getAttribute(key) !== attrs[key]) {
        el.setAttribute(key, attrs[key]);
      }
    }
    setProps(el, attrs);
    // a scrolling element whose data-scroll-key changes (a new decision) shows its top again
    if (scrollKey !== null && attrs["data-scroll-key"] !== undefined
        && attrs["data-scroll-key"] !== scrollKey) el.scrollTop = 0;
  }

  function patchChildren(parent, descs, svg) {
    var i = 0;
    for (; i < descs.length; i++) {
      var desc = descs[i];
      var node = parent.childNodes[i];
      if (!node) {
        parent.appendChild(create(desc, svg));
      } else if (!sameKind(node, desc)) {
        parent.replaceChild(create(desc, svg), node);
      } else if (typeof desc === "string") {
        if (node.nodeValue !== desc) node.nodeValue = desc;
      } else {
        var attrs = desc[1] || {};
        // the same data-memo as the element's: its children are those already there
        var memo = attrs["data-memo"];
        var same = memo !== undefined && node.getAttribute("data-memo") === memo;
        patchAttrs(node, attrs);
        if (same) continue;
        var inSvg = isSvgTag(desc[0], svg);
        patchChildren(node, desc.slice(2), inSvg && desc[0] !== "foreignObject");
      }
    }
    while (parent.childNodes.length > i) parent.removeChild(parent.lastChild);
  }

  /* Dragging: an element with data-drag-cells="COLUMNS,ROWS" (a board drawn in that many
   * cells) dragged by at least half a cell makes a click on the element with data-drag-sink
   * inside ``root``, its data-dx / data-dy set to the cells dragged, negated (dragging a board
   * to the right shows what lies on its left); the click that ends the drag is swallowed, so
   * a drag never chooses the square where it ends. */
  var dragging = new WeakSet();

  function listenDrag(root) {
    var drag = null;
    var swallow = false;

    function cells(e) {
      var parts = drag.el.getAttribute("data-drag-cells").split(",");
      var box = drag.el.getBoundingClientRect();
      var cw = box.width / (Number(parts[0]) || 1);
      var ch = box.height / (Number(parts[1]) || 1);
      return [Math.round((e.clientX - drag.x) / cw), Math.round((e.clientY - drag.y) / ch)];
    }

    root.addEventListener("pointerdown", function (e) {
      swallow = false; // a new gesture: its click is a click
      var el = e.target && e.target.closest ? e.target.closest("[data-drag-cells]") : null;
      drag = el && e.isPrimary && e.button === 0 ? { el: el, x: e.clientX, y: e.clientY } : null;
    });
    root.addEventListener("pointercancel", function () { drag = null; });
    root.addEventListener("pointerup", function (e) {
      if (!drag) return;
      var moved = cells(e);
      drag = null;
      if (!moved[0] && !moved[1]) return;
      var sink = root.querySelector("[data-drag-sink]");
      if (!sink) return;
      sink.setAttribute("data-dx", String(-moved[0]));
      sink.setAttribute("data-dy", String(-moved[1]));
      sink.click();
      swallow = true;
      setTimeout(function () { swallow = false; }, 400);
    });
    root.addEventListener("click", function (e) {
      var sink = e.target && e.target.hasAttribute && e.target.hasAttribute("data-drag-sink");
      if (!swallow || sink) return;
      swallow = false;
      e.stopPropagation();
      e.preventDefault();
    }, true);
  }

  /* The phone's Back button closes an overlay instead of leaving the app. An overlay is an
   * element with data-overlay="NAME" (the rules, the saved games, a park viewed full size), and
   * its close button has data-overlay-close. When one appears, a history entry is pushed; Back
   * (popstate) presses its close button; when it closes any other way (its own button, another
   * action), our entry is popped again (history.back), so no entry is ever left behind. */
  var overlayEntry = null; // the overlay our pushed history entry stands for
  var popping = false; // our own history.back() has not landed yet
  var historyRoot = null;

  function overlayOf(root) {
    var el = root.querySelector("[data-overlay]");
    return el ? el.getAttribute("data-overlay") : null;
  }

  function syncHistory(root) {
    if (!window.history || !history.pushState) return;
    historyRoot = root;
    if (popping) return; // synced again once it lands
    var name = overlayOf(root);
    if (name && !overlayEntry) {
      history.pushState({ calderaOverlay: name }, "");
      overlayEntry = name;
    } else if (name && overlayEntry !== name) {
      history.replaceState({ calderaOverlay: name }, ""); // another park: still one entry
      overlayEntry = name;
    } else if (!name && overlayEntry) {
      overlayEntry = null;
      popping = true;
      history.back();
    }
  }

  if (window.history && history.replaceState) {
    // a reload while an overlay was open: the page starts without it
    if (history.state && history.state.calderaOverlay) history.replaceState(null, "");
    window.addEventListener("popstate", function () {
      if (popping) {
        popping = false;
        if (historyRoot) syncHistory(historyRoot); // an overlay opened meanwhile
        return;
      }
      if (!overlayEntry || !historyRoot) return;
      overlayEntry = null;
      var close = historyRoot.querySelector("[data-overlay] [data-overlay-close]")
        || historyRoot.querySelector("[data-overlay-close]");
      if (close) close.click();
    });
  }

  /* Swipe between parks on touch screens: a horizontal swipe that starts inside an element
   * with data-swipe-between="PREFIX" presses the next (swipe to the left) or previous (to the
   * right) of the buttons whose data-key starts with PREFIX, counted from the one with
   * aria-pressed="true". Only touch and pen; a mostly vertical move is a scroll (the browser
   * cancels the pointer, or the move is refused here), never a swipe. Its duration is read from
   * the events' own times (event.timeStamp: when the finger touched and left), not from when
   * these handlers ran: a main thread busy for a moment (Python drawing, a bot thinking) runs
   * them late, and a quick swipe must not be lost for it. */
  var SWIPE_MIN_PX = 48;
  var SWIPE_MAX_MS = 900;
  var swipe = null;

  function swipeStart(event) {
    swipe = null;
    if (event.pointerType !== "touch" && event.pointerType !== "pen") return;
    if (!event.isPrimary || !event.target || !event.target.closest) return;
    var region = event.target.closest("[data-swipe-between]");
    if (!region) return;
    swipe = {
      x: event.clientX,
      y: event.clientY,
      t: event.timeStamp,
      id: event.pointerId,
      prefix: region.getAttribute("data-swipe-between"),
    };
  }

  function swipeEnd(event) {
    var s = swipe;
    swipe = null;
    if (!s || event.pointerId !== s.id) return;
    var dx = event.clientX - s.x;
    var dy = event.clientY - s.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
    if (event.timeStamp - s.t > SWIPE_MAX_MS) return;
    var items = [];
    var nodes = document.querySelectorAll("[data-key]");
    for (var i = 0; i < nodes.length; i++) {
      if (nodes[i].getAttribute("data-key").indexOf(s.prefix) === 0) items.push(nodes[i]);
    }
    var at = -1;
    for (var k = 0; k < items.length; k++) {
      if (items[k].getAttribute("aria-pressed") === "true") at = k;
    }
    if (at < 0) return;
    var next = items[at + (dx < 0 ? 1 : -1)];
    if (next) next.click();
  }

  document.addEventListener("pointerdown", swipeStart, { passive: true });
  document.addEventListener("pointerup", swipeEnd, { passive: true });
  document.addEventListener("pointercancel", function () { swipe = null; }, { passive: true });

  /* Make the children of ``root`` match the JSON list of descriptions; return the time taken. */
  function render(root, json) {
    var t0 = performance.now();
    if (!dragging.has(root)) {
      dragging.add(root);
      listenDrag(root);
    }
    var descs = JSON.parse(json);
    var svg = root.namespaceURI === SVG_NS;
    patchChildren(root, descs, svg);
    if (flying.length) fly(root);
    syncHistory(root);
    return performance.now() - t0;
  }

  /* Focus the element whose data-key is ``key`` (if any); true when it was found. An element
   * that cannot take the focus (not shown: the header's closed "More" panel on a phone) inside
   * an element with data-focus-else="OTHER" gives it to the element whose data-key is OTHER. */
  function focusKey(root, key, fallback) {
    if (!key) return false;
    var nodes = root.querySelectorAll("[data-key]");
    for (var i = 0; i < nodes.length; i++) {
      if (nodes[i].getAttribute("data-key") === key) {
        nodes[i].focus({ preventScroll: false });
        if (document.activeElement === nodes[i]) return true;
        var stand = nodes[i].parentElement && nodes[i].parentElement.closest("[data-focus-else]");
        if (stand && !fallback) return focusKey(root, stand.getAttribute("data-focus-else"), true);
        return false;
      }
    }
    return false;
  }

  /* The data-* attributes of the closest element with data-action around ``target`` (and the
   * page's size where an element around it has data-viewport). */
  function actionOf(target, root) {
    var el = target && target.closest ? target.closest("[data-action]") : null;
    if (!el || !root.contains(el)) return null;
    if (el.getAttribute("aria-disabled") === "true" || el.disabled) return null;
    var out = {};
    for (var i = 0; i < el.attributes.length; i++) {
      var a = el.attributes[i];
      if (a.name.indexOf("data-") === 0) out[a.name.slice(5)] = a.value;
    }
    if ("value" in el && (el.tagName === "INPUT" || el.tagName === "SELECT")) {
      out.value = el.type === "checkbox" ? (el.checked ? "1" : "") : el.value;
    }
    out.tag = el.tagName.toLowerCase();
    if (el.tagName === "INPUT") out.type = el.type;
    // inside an element with data-viewport: the page's size too ("WIDTHxHEIGHT", CSS px), for
    // a table that fits its drawing to the screen (Caledea's zoomed board)
    if (el.closest("[data-viewport]")) {
      out.viewport = Math.round(window.innerWidth) + "x" + Math.round(window.innerHeight);
    }
    return JSON.stringify(out);
  }

  window.CalderaDom = { render: render, focusKey: focusKey, actionOf: actionOf };
})();
