/* The next real click of the person to move, for the smoke tests in other browser engines
 * (tests/browser/engine_smoke.py: WebKit through Selenium, Firefox over WebDriver BiDi).
 *
 * Evaluated in the page as one expression; it returns what to do next:
 *   {wait: reason}                          nothing to click now (a bot plays, or a render)
 *   {x, y, what, renders}                   click there: the centre of an element the page
 *                                           offers (chosen with a seeded generator), whose
 *                                           centre is not covered; renders: #app's
 *                                           data-renders before, to wait for the next drawing
 * The driver clicks with the engine's own pointer input (WebKit's driver cannot click an SVG
 * <g> element, so every click is a pointer click at a point). It chooses among what the screen
 * offers, as tests/browser/game_driver.py does; legality stays the engine's. */
(() => {
  const S = window.__engineStep || (window.__engineStep = { seed: 7, plan: null });
  const rand = (n) => {
    S.seed = (S.seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((S.seed / 2147483648) * n);
  };
  const app = document.getElementById("app");
  const renders = app.getAttribute("data-renders");
  const ENABLED = ":not([aria-disabled=true]):not([disabled])";

  function centre(el) {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
  }
  // elements of `selector` shown, with their centre on themselves (not covered)
  function offered(selector) {
    const out = [];
    for (const el of document.querySelectorAll(selector)) {
      if (el.closest("[hidden]")) continue;
      el.scrollIntoView({ block: "center", inline: "nearest" });
      const c = centre(el);
      if (c.w <= 0 || c.h <= 0) continue;
      const hit = document.elementFromPoint(c.x, c.y);
      if (hit && (hit === el || el.contains(hit))) out.push(el);
    }
    return out;
  }
  function click(selector) {
    const els = offered(selector);
    if (!els.length) return null;
    const el = els[rand(els.length)];
    el.scrollIntoView({ block: "center", inline: "nearest" });
    const c = centre(el);
    return { x: Math.round(c.x), y: Math.round(c.y), what: selector, renders };
  }
  const has = (selector) => offered(selector).length > 0;

  if (app.getAttribute("data-screen") === "handover") return click("[data-action=ready]");
  const table = document.querySelector("section[data-screen=table][data-human-turn=true]");
  if (!table) {
    S.plan = null;
    return { wait: "not the person's turn" };
  }
  const game = app.getAttribute("data-game");
  const kind = table.getAttribute("data-decision");

  if (game === "pyramids") {
    // caps: choose a piece, then a square it may erupt to (quiet moves before that), confirm
    if (has("[data-action=pass]")) return click("[data-action=pass]");
    if (has(`[data-action=confirm]${ENABLED}`)) return click(`[data-action=confirm]${ENABLED}`);
    const sq = "svg.pyr-board g[data-action=sq]";
    if (!document.querySelector("svg.pyr-board g.chosen")) return click(`${sq}.can-choose`);
    return click(`${sq}.dest.erupt`) || click(`${sq}.dest.quiet`);
  }
  if (game === "caledea") {
    if (kind === "capital") {
      return click(`[data-action=confirm]${ENABLED}`) || click("[data-action=square]");
    }
    if (kind === "turn") {
      // one move a turn when one is offered, then end the turn
      if (has(`[data-action=confirm]${ENABLED}`)) return click(`[data-action=confirm]${ENABLED}`);
      if (!S.moved && has(".legal-dest")) {
        S.moved = true;
        return click(".legal-dest");
      }
      if (!S.tried && has(".legal-source")) {
        S.tried = true;
        return click(".legal-source");
      }
      S.moved = S.tried = false;
      return click("[data-action=end-turn]");
    }
    return click("button[data-action=choose]");
  }

  // Caldera Park: each decision is a short plan of clicks (as game_driver.play_human_step)
  const PLANS = {
    place: [`button[data-action=token]${ENABLED}`, "g[data-action=space]", "[data-action=confirm]"],
    pick: ["?" + `button[data-action=action]${ENABLED}`, `button[data-action=terrain]${ENABLED}`],
    reveal: ["button[data-action=slot]"],
    weather: ["button[data-action=slot]", "!g[data-action=space]", "[data-action=confirm]"],
    start: ["?button[data-action=slot]", "g[data-action=space]", "[data-action=confirm]"],
  };
  if (!PLANS[kind]) return { wait: `unknown decision ${kind}` };
  if (!S.plan || S.plan.kind !== kind || S.plan.at >= PLANS[kind].length) {
    S.plan = { kind, at: 0 };
  }
  while (S.plan.at < PLANS[kind].length) {
    let selector = PLANS[kind][S.plan.at++];
    // "?": only if offered; "!": only while the confirm button is still disabled
    const optional = selector[0] === "?" || selector[0] === "!";
    if (selector[0] === "!" && !document.querySelector("[data-action=confirm][disabled]")) continue;
    if (optional) selector = selector.slice(1);
    const target = click(selector);
    if (target) return target;
    if (!optional) return { wait: `nothing offered for ${selector}` };
  }
  return { wait: "plan done" };
})()
