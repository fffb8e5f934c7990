/* Caldera Park's first screen, before Python runs (issue 25).
 *
 * Runs as soon as <main id="app"> is parsed (index.html loads it right after it, before the
 * build's <template data-first="..."> elements, tools/first_screen.py, which index.html follows
 * with a call of CalderaFirst.form()):
 *
 * - A returning player whose last screen was a game's table sees that table at once: the copy
 *   of the app's last drawing kept in localStorage ("caldera-park/last-table", written here
 *   after Python's drawings settle and when the page is hidden), shown inert and marked busy
 *   until Python takes over. The copy is checked (format, length, checksum) and cleaned before
 *   it is shown: it is parsed by DOMParser (which runs nothing), and every element that could
 *   run or fetch something (script, style, iframe, object, embed, link, meta, base, form...)
 *   is dropped, with every on* attribute and every URL that is not a #fragment; a damaged copy
 *   is ignored (and removed).
 * - Anyone else sees the new-game screen the build drew with the app's own view code (the game
 *   last chosen, in the player's language): the game chooser, the form and each game's rules
 *   (the header's More > Rules) work at once; the form's fields are plain fields. A start
 *   tapped early is kept, and said so ("Starting as soon as the game is ready").
 *
 * Python (pyapp/ui/app.py) calls CalderaFirst.takeover() once, just before its first drawing:
 * it gets the player's choices as the app's own actions (the games whose form was touched, each
 * form's fields, the game on screen, the rules open, the start tapped) and replays them
 * (pyapp/ui/takeover.py); its drawing then patches these same elements in place.
 * Nothing here parses text into HTML but DOMParser on our own stored copy, cleaned as above.
 */
(function () {
  "use strict";

  var LAST_GAME_KEY = "caldera-park/last-game";
  var PREVIEW_KEY = "caldera-park/last-table";
  var PREVIEW_FORMAT = 1;
  var PREVIEW_MAX = 250000; // characters: a larger drawing is not kept (the saves need the room)
  var SAVE_DELAY_MS = 800; // after the last change of the drawing
  var BUILD_DAY = "2000-01-01"; // tools/first_screen.py draws the daily park with this day
  var STARTS = ["start", "daily-start", "guide-start", "pyr-guide-start", "cal-guide-start"];
  var LOCAL = ["game-choose", "rules", "rules-close", "rules-goto", "menu-more"];
  var DROP = /^(script|style|iframe|frame|frameset|object|embed|link|meta|base|form|template|noscript|audio|video|img|image|portal|math)$/i;
  var URL_ATTR = /^(href|src|xlink:href|action|formaction|srcset|poster|background|ping)$/i;

  var root = document.documentElement;
  var app = document.getElementById("app");
  var boot = window.CalderaBoot;
  var lang = boot && boot.language ? boot.language() : "en";
  var state = {
    mode: "", // "form" (the build's screens, usable), "preview" (the last table, inert), ""
    game: "",
    view: "setup",
    menuOpen: false,
    touched: [], // games whose form the player changed, in order
    start: null, // the start action tapped early
    taken: false,
    shownAt: null,
  };
  var kept = {}; // "game/view" -> the nodes of a screen left, with the player's changes

  function read(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }

  function template(name) {
    var all = document.querySelectorAll("template[data-first]");
    for (var i = 0; i < all.length; i++) if (all[i].getAttribute("data-first") === name) return all[i];
    return null;
  }

  function today() {
    var d = new Date();
    var two = function (n) {
      return (n < 10 ? "0" : "") + n;
    };
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate());
  }

  function fixDay(node) {
    var walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    var day = today();
    while (walker.nextNode()) {
      var text = walker.currentNode;
      if (text.nodeValue.indexOf(BUILD_DAY) >= 0) text.nodeValue = text.nodeValue.split(BUILD_DAY).join(day);
    }
  }

  function nodesOf(name) {
    var t = template(name + "/" + lang) || template(name + "/en");
    if (!t) return null;
    var fragment = t.content.cloneNode(true);
    fixDay(fragment);
    return Array.prototype.slice.call(fragment.childNodes);
  }

  function say(text) {
    var note = document.getElementById("boot-note");
    if (note) note.textContent = boot && boot.tr ? boot.tr(text) : text;
  }

  /* ---- the build's screens ---- */

  function show(game, view) {
    var nodes = kept[game + "/" + view] || nodesOf(game + "/" + view);
    if (!nodes) return false;
    closeMenu();
    if (state.game) kept[state.game + "/" + state.view] = Array.prototype.slice.call(app.childNodes);
    while (app.firstChild) app.removeChild(app.firstChild);
    for (var i = 0; i < nodes.length; i++) app.appendChild(nodes[i]);
    state.game = game;
    state.view = view;
    app.setAttribute("data-game", game);
    app.setAttribute("data-screen", "setup");
    return true;
  }

  function header() {
    return app.querySelector(".app-header");
  }

  function setMenu(open) {
    var head = header();
    if (!head) return;
    state.menuOpen = open;
    head.classList.toggle("menu-open", open);
    var more = head.querySelector('[data-action="menu-more"]');
    if (more) more.setAttribute("aria-expanded", open ? "true" : "false");
    var panel = head.querySelector(".menu-panel");
    if (panel) {
      if (open) panel.setAttribute("data-open", "true");
      else panel.removeAttribute("data-open");
    }
  }

  function closeMenu() {
    if (state.menuOpen) setMenu(false);
  }

  function focus(key) {
    if (window.CalderaDom) window.CalderaDom.focusKey(app, key);
  }

  function touch() {
    if (state.game && state.touched.indexOf(state.game) < 0) state.touched.push(state.game);
  }

  // another number of players: the build's list of seats for it, the names and kinds already
  // chosen kept
  function swapSeats(count) {
    var list = app.querySelector("ol.seats");
    var t = template(state.game + "/seats-" + count + "/" + lang);
    if (!list || !t) return;
    var fresh = t.content.firstElementChild.cloneNode(true);
    var fields = fresh.querySelectorAll("[data-key]");
    for (var i = 0; i < fields.length; i++) {
      var old = list.querySelector('[data-key="' + fields[i].getAttribute("data-key") + '"]');
      if (old && "value" in old && "value" in fields[i]) fields[i].value = old.value;
    }
    list.parentNode.replaceChild(fresh, list);
  }

  function actionOf(target) {
    var raw = window.CalderaDom ? window.CalderaDom.actionOf(target, app) : null;
    return typeof raw === "string" ? JSON.parse(raw) : null;
  }

  function act(data) {
    var action = data.action;
    state.acted = true;
    if (action !== "menu-more") closeMenu();
    if (STARTS.indexOf(action) >= 0) {
      delete data.tag;
      state.start = data;
      root.setAttribute("data-first-start", action);
      say("Starting as soon as the game is ready");
      return;
    }
    if (action === "game-choose" && show(data.game, "setup")) focus("setup-title");
    else if (action === "rules" && show(state.game, "rules")) focus("rules-title");
    else if (action === "rules-close" && show(state.game, "setup")) focus("menu-rules");
    else if (action === "rules-goto") focus("rules-h-" + (data.section || ""));
    else if (action === "menu-more") setMenu(!state.menuOpen);
    else if (LOCAL.indexOf(action) < 0) say("Available as soon as the game is ready");
  }

  function listen() {
    app.addEventListener("click", function (event) {
      if (state.taken || state.mode !== "form") return;
      var data = actionOf(event.target);
      if (!data || data.tag === "input" || data.tag === "select" || data.tag === "textarea") return;
      event.preventDefault();
      act(data);
    });
    app.addEventListener("change", function (event) {
      if (state.taken || state.mode !== "form") return;
      var data = actionOf(event.target);
      if (!data) return;
      touch();
      if (data.action === "seats") swapSeats(data.value);
    });
    app.addEventListener("input", function (event) {
      if (state.taken || state.mode !== "form") return;
      if (actionOf(event.target)) touch();
    });
    app.addEventListener("keydown", function (event) {
      if (state.taken || state.mode !== "form" || event.key !== "Escape") return;
      if (state.menuOpen) setMenu(false);
      else if (state.view === "rules" && show(state.game, "setup")) focus("menu-rules");
    });
  }

  // the fields of a game's form as the app's actions: the number of players first (it makes
  // the seats), then every other field in order
  function formActions(game) {
    var nodes = game === state.game && state.view === "setup" ? [app] : kept[game + "/setup"] || [];
    var out = [];
    var rest = [];
    for (var i = 0; i < nodes.length; i++) {
      if (nodes[i].nodeType !== 1) continue;
      var fields = nodes[i].querySelectorAll("input[data-action], select[data-action], textarea[data-action]");
      for (var j = 0; j < fields.length; j++) {
        var el = fields[j];
        if (el.type === "radio" && !el.checked) continue;
        var raw = window.CalderaDom.actionOf(el, nodes[i]);
        if (typeof raw !== "string") continue;
        var data = JSON.parse(raw);
        delete data.tag;
        delete data.type;
        if (data.action === "seats") out.push(data);
        else rest.push(data);
      }
    }
    return out.concat(rest);
  }

  /* ---- the last table, kept and shown ---- */

  function checksum(text) {
    var h = 2166136261;
    for (var i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 16777619) >>> 0;
    }
    return h.toString(16);
  }

  function clean(node) {
    var all = node.querySelectorAll("*");
    for (var i = all.length - 1; i >= 0; i--) {
      var el = all[i];
      if (DROP.test(el.localName)) {
        if (el.parentNode) el.parentNode.removeChild(el);
        continue;
      }
      for (var j = el.attributes.length - 1; j >= 0; j--) {
        var a = el.attributes[j];
        var name = a.name.toLowerCase();
        var bad =
          name.indexOf("on") === 0 ||
          (URL_ATTR.test(name) && a.value.charAt(0) !== "#") ||
          (name === "style" && /url\s*\(|expression|@import/i.test(a.value));
        if (bad) el.removeAttribute(a.name);
      }
    }
  }

  function storedPreview() {
    var text = read(PREVIEW_KEY);
    if (!text) return null;
    try {
      var data = JSON.parse(text);
      var ok =
        data &&
        data.v === PREVIEW_FORMAT &&
        typeof data.html === "string" &&
        data.html.length <= PREVIEW_MAX &&
        data.html.length === data.n &&
        checksum(data.html) === data.sum;
      if (ok) return data;
    } catch (e) {
      /* damaged: ignored below */
    }
    try {
      window.localStorage.removeItem(PREVIEW_KEY);
    } catch (e) {
      /* storage refused */
    }
    console.info("Caldera Park: the kept copy of the last table was damaged and is ignored");
    return null;
  }

  function showPreview() {
    var data = storedPreview();
    if (!data || typeof DOMParser !== "function") return false;
    var doc = new DOMParser().parseFromString("<!doctype html><body>" + data.html, "text/html");
    clean(doc.body);
    if (!doc.body.firstElementChild) return false;
    while (doc.body.firstChild) app.appendChild(document.adoptNode(doc.body.firstChild));
    app.setAttribute("inert", "");
    app.setAttribute("aria-busy", "true");
    app.setAttribute("data-game", String(data.game || ""));
    app.setAttribute("data-screen", String(data.screen || ""));
    if (data.lang === "fr" || data.lang === "en") root.setAttribute("lang", data.lang);
    return true;
  }

  var saveTimer = null;

  function savePreview() {
    saveTimer = null;
    var screen = app.getAttribute("data-screen");
    if (!root.hasAttribute("data-app-ready") || root.hasAttribute("data-app-error")) return;
    if (!screen || screen === "setup") {
      try {
        window.localStorage.removeItem(PREVIEW_KEY);
      } catch (e) {
        /* storage refused */
      }
      return;
    }
    // an overlay (rules, saved games...) or the header's open panel: not what the next start draws
    if (app.querySelector("[data-overlay]")) return;
    var html = app.innerHTML;
    var record = {
      v: PREVIEW_FORMAT,
      game: app.getAttribute("data-game") || "",
      screen: screen,
      lang: root.getAttribute("lang") || "en",
      n: html.length,
      sum: checksum(html),
      html: html,
    };
    try {
      if (html.length > PREVIEW_MAX) window.localStorage.removeItem(PREVIEW_KEY);
      else window.localStorage.setItem(PREVIEW_KEY, JSON.stringify(record));
    } catch (e) {
      // a full storage: the saved games come first; no copy is better than an old one
      try {
        window.localStorage.removeItem(PREVIEW_KEY);
      } catch (e2) {
        /* storage refused */
      }
    }
  }

  function watchDrawings() {
    if (typeof MutationObserver === "function") {
      new MutationObserver(function () {
        if (saveTimer) clearTimeout(saveTimer);
        saveTimer = setTimeout(savePreview, SAVE_DELAY_MS);
      }).observe(app, { childList: true, subtree: true, attributes: true, characterData: true });
    }
    var now = function () {
      if (saveTimer) clearTimeout(saveTimer);
      savePreview();
    };
    window.addEventListener("pagehide", now);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") now();
    });
  }

  /* ---- Python takes over ---- */

  function takeover() {
    if (state.taken) return "[]";
    state.taken = true;
    var out = [];
    if (state.mode === "form") {
      for (var i = 0; i < state.touched.length; i++) {
        out.push({ action: "game-choose", game: state.touched[i] });
        out = out.concat(formActions(state.touched[i]));
      }
      // the game on screen, only when the player chose something here: else Python's own
      // start stands (the last game resumed, from the saved games, is not left for a form)
      if (state.game && (state.acted || state.touched.length))
        out.push({ action: "game-choose", game: state.game });
      if (state.start) out.push(state.start);
      else if (state.view === "rules") out.push({ action: "rules" });
      else if (state.menuOpen) out.push({ action: "menu-more" });
    } else if (state.mode === "preview") {
      app.removeAttribute("inert");
    }
    app.removeAttribute("aria-busy");
    root.removeAttribute("data-first");
    root.removeAttribute("data-first-start");
    root.setAttribute("data-first-taken", state.mode || "none");
    say("");
    watchDrawings();
    return JSON.stringify(out);
  }

  /* ---- at once ---- */

  function shown(mode) {
    state.mode = mode;
    app.hidden = false;
    root.setAttribute("data-first", mode);
    if (lang === "fr" && mode === "form") root.setAttribute("lang", "fr");
    state.shownAt = performance.now();
  }

  // Run as soon as <main id="app"> is parsed, before the build's templates: the last table.
  function first() {
    if (!app || !boot) return;
    if (showPreview()) shown("preview");
  }

  // Run by index.html right after the build's templates: anyone without a kept table gets the
  // new-game screen (not once Python has drawn, nor over the last table).
  function form() {
    if (!app || !boot || state.mode || state.taken) return;
    var game = read(LAST_GAME_KEY);
    try {
      game = JSON.parse(game);
    } catch (e) {
      game = null;
    }
    if (typeof game !== "string" || !template(game + "/setup/en")) game = "park";
    if (show(game, "setup")) {
      listen();
      shown("form");
    }
  }

  first();

  window.CalderaFirst = {
    takeover: takeover,
    form: form,
    savePreview: savePreview,
    get state() {
      return {
        mode: state.mode,
        game: state.game,
        view: state.view,
        start: state.start ? state.start.action : null,
        taken: state.taken,
        shownAt: state.shownAt,
      };
    },
  };
})();
