/* Caldera Park boot screen: loading progress, error screen, service worker and updates.
 *
 * Loaded as a classic script before the PyScript core so that it sees every boot event.
 * Python (pyapp/ui/main.py) calls CalderaBoot.ready() once the first screen is drawn, or
 * CalderaBoot.fail(message, detail) if the app cannot start. Before ready, any uncaught error,
 * a failed script load, or a boot that takes too long also shows the error screen.
 * All text is set with textContent: nothing is ever parsed as HTML.
 *
 * Self-repair: the service worker checks its offline copies against the build's hashes and
 * tells the page when one is damaged and cannot be downloaded again (offline); the error screen
 * then says that the game needs the network once. "Try again" first has the service worker
 * check and repair its whole cache, then reloads.
 */
(function () {
  "use strict";

  var BOOT_TIMEOUT_MS = 120000;
  var UPDATE_CHECK_MS = 3600000; // also look for a new version hourly while the page is open
  var SNAPSHOT_DELAY_MS = 1000; // let the first screen settle before the background work
  // PyScript / polyscript progress messages (py:progress events) in boot order, with the share
  // of the bar reached when each one arrives and the text shown to the player.
  var STEPS = {
    "Loading Pyodide": [10, "Loading Python…"],
    "Loading Storage": [12, "Loading Python…"],
    "Loaded Storage": [14, "Loading Python…"],
    "Loading interpreter": [15, "Starting Python…"],
    "Loaded interpreter": [75, "Python started"],
    "Loading files": [78, "Loading the game…"],
    "Loaded files": [88, "Game loaded"],
    "Loaded Pyodide": [92, "Opening the game…"],
  };

  // The boot, error and update screens show before Python (and its catalogues) can run, so
  // their few texts are translated here: the language the player chose (saved by the game as
  // "caldera-park/lang"), else the browser's first language the app speaks.
  var FR = {
    "Loading…": "Chargement…",
    "Loading Python…": "Chargement de Python…",
    "Starting Python…": "Démarrage de Python…",
    "Python started": "Python a démarré",
    "Loading the game…": "Chargement du jeu…",
    "Game loaded": "Jeu chargé",
    "Opening the game…": "Ouverture du jeu…",
    "Ready": "Prêt",
    "Caldera Park could not start": "Caldera Park n’a pas pu démarrer",
    "Technical details": "Détails techniques",
    "Try again": "Réessayer",
    "Update available": "Mise à jour disponible",
    "Update now": "Mettre à jour",
    "Later": "Plus tard",
    "The game could not start.": "Le jeu n’a pas pu démarrer.",
    "A file of the game could not be loaded.": "Un fichier du jeu n’a pas pu être chargé.",
    "The game hit an error while starting.": "Le jeu a rencontré une erreur au démarrage.",
    "This browser cannot run the game: it lacks WebAssembly.":
      "Ce navigateur ne peut pas faire tourner le jeu : il lui manque WebAssembly.",
    "The game took too long to start.": "Le jeu a mis trop de temps à démarrer.",
    " You seem to be offline: open the game once with a connection so it can be stored for offline play.":
      " Vous semblez hors ligne : ouvrez le jeu une fois avec une connexion pour qu’il soit gardé pour le jeu hors ligne.",
    "Caldera Park needs the network once": "Caldera Park a besoin du réseau une fois",
    "The game stopped": "Le jeu s’est arrêté",
    "Reload": "Recharger",
    "The game’s Python runtime stopped after an error and cannot go on. Your saved games are kept: reload the page to go on from your last move.":
      "Le moteur Python du jeu s’est arrêté après une erreur et ne peut pas continuer. Vos parties enregistrées sont gardées : rechargez la page pour reprendre à votre dernier coup.",
    "A file of the game stored on this device is damaged. Connect to the internet once and try again: the game repairs itself and then plays offline again.":
      "Un fichier du jeu gardé sur cet appareil est abîmé. Connectez-vous une fois à internet puis réessayez : le jeu se répare et fonctionne ensuite de nouveau hors ligne.",
    "Repairing the game’s files…": "Réparation des fichiers du jeu…",
    // the first screen before Python runs (js/first.js)
    "Starting as soon as the game is ready": "La partie commence dès que le jeu est prêt",
    "Available as soon as the game is ready": "Disponible dès que le jeu est prêt",
  };

  function language() {
    var chosen = null;
    try {
      chosen = window.localStorage.getItem("caldera-park/lang");
    } catch (e) {
      chosen = null; // storage unavailable (private mode): fall back to the browser's language
    }
    if (chosen === "en" || chosen === "fr") return chosen;
    // as the game picks it (ui.features.language.pick_language): the first of the browser's languages
    // that the app speaks, else English
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < tags.length; i++) {
      var base = String(tags[i] || "").toLowerCase().split(/[-_]/)[0];
      if (base === "en" || base === "fr") return base;
    }
    return "en";
  }

  function tr(text) {
    return language() === "fr" && Object.prototype.hasOwnProperty.call(FR, text) ? FR[text] : text;
  }

  // Elements of index.html marked data-boot-text keep their English text there; show it translated.
  function translateStatic(root) {
    var nodes = (root || document).querySelectorAll("[data-boot-text]");
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      var english = el.getAttribute("data-boot-text") || el.textContent.trim();
      el.setAttribute("data-boot-text", english);
      el.textContent = tr(english);
    }
  }

  var state = {
    ready: false,
    failed: false,
    acceptedUpdate: false,
    died: false, // the Python runtime suffered a fatal error (died())
    waiting: null,
    registration: null,
    damaged: [], // files the service worker found damaged and could not download again
  };
  var timer = null;

  function $(id) {
    return document.getElementById(id);
  }

  var shown = 0; // the bar never moves back
  var creep = null;

  function setProgress(percent, text) {
    shown = Math.max(shown, Math.min(100, percent));
    percent = shown;
    var bar = $("boot-bar");
    if (bar) bar.style.width = percent + "%";
    var step = $("boot-step");
    if (step && text) step.textContent = tr(text);
    document.documentElement.setAttribute("data-boot-progress", String(Math.round(percent)));
  }

  function errorText(value) {
    if (value === undefined || value === null) return "";
    if (typeof value === "string") return value;
    if (value.stack) return String(value.stack);
    if (value.message) return String(value.message);
    try {
      return String(value);
    } catch (e) {
      return "unknown error";
    }
  }

  function fail(message, detail) {
    if (state.ready || state.failed) {
      // after the first screen, errors go to the console only: never wipe a game in progress
      if (detail) console.error(message, detail);
      return;
    }
    state.failed = true;
    if (timer) clearTimeout(timer);
    var hint = "";
    if (state.damaged.length) {
      showDamaged(detail);
      return;
    }
    if (navigator.onLine === false) {
      hint = " You seem to be offline: open the game once with a connection so it can be stored for offline play.";
    }
    $("boot-error-message").textContent = tr(String(message || "The game could not start.")) + tr(hint);
    $("boot-error-detail").textContent = errorText(detail) || "(no details)";
    $("boot").hidden = true;
    $("app").hidden = true;
    $("boot-error").hidden = false;
    document.documentElement.setAttribute("data-app-error", "");
    console.error("Caldera Park could not start:", message, detail);
  }

  function ready() {
    if (state.failed || state.ready) return;
    state.ready = true;
    if (timer) clearTimeout(timer);
    setProgress(100, "Ready");
    $("boot").hidden = true;
    $("app").hidden = false;
    document.documentElement.setAttribute("data-app-ready", "");
    registerServiceWorker();
    scheduleSnapshot();
  }

  /* ---- Python snapshot for faster starts (see js/pyodide-loader.mjs) ---- */

  // Only on a returning visit, when the service worker already served this page: the worker
  // that makes the snapshot then reads every runtime file from the offline cache, and a first
  // visit is left to download and cache the site undisturbed.
  var controlledAtLoad = !!(navigator.serviceWorker && navigator.serviceWorker.controller);

  function scheduleSnapshot() {
    if (!window.CalderaBoot.state.makesSnapshot) return;
    setTimeout(function () {
      import("./pyodide-loader.mjs") // relative to this script
        .then(function (loader) {
          return loader.makeSnapshot().then(function (made) {
            if (made === "failed") console.warn("Python snapshot not made:", loader.status.detail);
          });
        })
        .catch(function (error) {
          console.warn("Python snapshot:", error);
        });
    }, SNAPSHOT_DELAY_MS);
  }

  /* ---- service worker and updates ---- */

  function showUpdate(worker) {
    state.waiting = worker;
    translateStatic($("update-banner")); // the player may have switched language since boot
    $("update-banner").hidden = false;
    document.documentElement.setAttribute("data-update-available", "");
  }

  function watchInstalling(registration) {
    var worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", function () {
      // "installed" with a page already controlled means a new version waits for the player
      if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdate(worker);
    });
  }

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      // reload only when the player asked for the update (the first install also changes the
      // controller, and must not reload)
      if (state.acceptedUpdate) location.reload();
    });
    navigator.serviceWorker
      .register("./sw.js")
      .then(function (registration) {
        state.registration = registration;
        if (registration.waiting && navigator.serviceWorker.controller) showUpdate(registration.waiting);
        registration.addEventListener("updatefound", function () {
          watchInstalling(registration);
        });
        document.addEventListener("visibilitychange", function () {
          if (document.visibilityState === "visible") checkForUpdate();
        });
        setInterval(checkForUpdate, UPDATE_CHECK_MS);
      })
      .catch(function (error) {
        console.warn("Service worker registration failed; offline play is unavailable:", error);
      });
  }

  function checkForUpdate() {
    if (!state.registration) return Promise.resolve(false);
    return state.registration.update().then(
      function () {
        return true;
      },
      function (error) {
        console.warn("Update check failed:", error);
        return false;
      }
    );
  }

  function acceptUpdate() {
    if (!state.waiting) return;
    state.acceptedUpdate = true;
    state.waiting.postMessage({ type: "skip-waiting" });
  }

  function dismissUpdate() {
    $("update-banner").hidden = true;
  }

  /* ---- the Python runtime died (a fatal error of Pyodide) ---- */

  var DIED_TITLE = "The game stopped";
  var DIED_TEXT =
    "The game’s Python runtime stopped after an error and cannot go on. Your saved games are kept: reload the page to go on from your last move.";

  // Pyodide calls this (static/js/pyodide-loader.mjs) when the runtime suffered a fatal error:
  // every later click would do nothing, so the page says so, at any time, with "Reload". The
  // game in storage is whole: each move was saved when it was made.
  function died(detail) {
    if (state.died || !$("boot-error-message")) return;
    state.died = true;
    state.failed = true;
    if (timer) clearTimeout(timer);
    var heading = document.querySelector("#boot-error h1");
    if (heading) heading.textContent = tr(DIED_TITLE);
    $("boot-error-message").textContent = tr(DIED_TEXT);
    $("boot-error-detail").textContent = errorText(detail) || "(no details)";
    $("boot-retry").textContent = tr("Reload");
    $("boot").hidden = true;
    $("app").hidden = true;
    $("boot-error").hidden = false;
    document.documentElement.setAttribute("data-app-error", "");
    document.documentElement.setAttribute("data-app-died", "");
  }

  /* ---- self-repair of the offline cache (see sw.js) ---- */

  var REPAIR_TIMEOUT_MS = 120000;
  var DAMAGED_TITLE = "Caldera Park needs the network once";
  var DAMAGED_TEXT =
    "A file of the game stored on this device is damaged. Connect to the internet once and try again: the game repairs itself and then plays offline again.";

  // The error screen, saying that the offline copy is damaged and the network is needed once.
  function showDamaged(detail) {
    if (!$("boot-error-message")) {
      // told while the page's head is still loading (a damaged stylesheet): once the body is there
      document.addEventListener("DOMContentLoaded", function () {
        showDamaged(detail);
      });
      return;
    }
    var heading = document.querySelector("#boot-error h1");
    if (heading) heading.textContent = tr(DAMAGED_TITLE);
    $("boot-error-message").textContent = tr(DAMAGED_TEXT);
    $("boot-error-detail").textContent =
      "Damaged in the offline cache: " + state.damaged.join(", ") + (detail ? "\n" + errorText(detail) : "");
    $("boot").hidden = true;
    $("app").hidden = true;
    $("boot-error").hidden = false;
    document.documentElement.setAttribute("data-app-error", "");
    document.documentElement.setAttribute("data-cache-damaged", "");
  }

  function markDamaged(path) {
    if (/\.(png|svg|txt)$/.test(path)) {
      // an icon or a licence text: the game starts and plays without it
      console.warn("A file of the offline copy is damaged and needs the network once:", path);
      return;
    }
    if (state.damaged.indexOf(path) < 0) state.damaged.push(path);
    if (state.ready) {
      console.warn("A file of the offline copy is damaged and needs the network once:", path);
      return;
    }
    if (state.failed) showDamaged("");
    else fail("A file of the game could not be loaded.", path + ": damaged in the offline cache");
  }

  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      var data = event.data;
      if (data && data.type === "cache-damaged") markDamaged(String(data.path || "?"));
    });
    if (navigator.serviceWorker.startMessages) navigator.serviceWorker.startMessages();
  }

  // Ask the service worker controlling the page to check and repair its whole cache; resolves
  // to its answer ({repaired, failed}), or null without a worker or an answer in time.
  function repairCache() {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker || typeof MessageChannel !== "function") return Promise.resolve(null);
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      var timeout = setTimeout(function () {
        resolve(null);
      }, REPAIR_TIMEOUT_MS);
      channel.port1.onmessage = function (event) {
        clearTimeout(timeout);
        resolve(event.data || null);
      };
      worker.postMessage({ type: "repair" }, [channel.port2]);
    });
  }

  // "Try again": repair the offline copy first (online), then reload; offline with files still
  // damaged, say that the network is needed instead of reloading into the same failure.
  function retry() {
    var button = $("boot-retry");
    button.disabled = true;
    $("boot-error-message").textContent = tr("Repairing the game’s files…");
    repairCache().then(function (result) {
      if (result && result.failed && result.failed.length) {
        state.damaged = result.failed.slice();
        showDamaged("");
        button.disabled = false;
        return;
      }
      location.reload();
    });
  }

  /* ---- boot failure detection ---- */

  // Starting Python is the longest step and sends no event of its own: let the bar creep
  // towards the next mark meanwhile, so the screen visibly keeps moving.
  function creepTowards(limit) {
    if (creep) clearInterval(creep);
    creep = setInterval(function () {
      if (state.ready || state.failed || shown >= limit - 1) {
        clearInterval(creep);
        creep = null;
        return;
      }
      setProgress(shown + (limit - shown) * 0.08);
    }, 250);
  }

  window.addEventListener("py:progress", function (event) {
    var step = STEPS[event.detail];
    if (!step || state.ready) return;
    setProgress(step[0], step[1]);
    if (event.detail === "Loading interpreter") creepTowards(70);
  });

  function headline(error) {
    var text = errorText(error);
    if (/dynamically imported module|Failed to fetch|Importing a module script failed/i.test(text)) {
      return "A file of the game could not be loaded.";
    }
    return "The game hit an error while starting.";
  }

  window.addEventListener("error", function (event) {
    if (state.ready) return;
    fail(headline(event.error || event.message), event.error || event.message);
  });

  window.addEventListener("unhandledrejection", function (event) {
    if (state.ready) return;
    fail(headline(event.reason), event.reason);
  });

  // Pyodide only logs a warning when its WebAssembly cannot be fetched, and then waits forever:
  // watch the runtime's own fetches, and fail at once if one of them errs or is not "ok".
  var RUNTIME_FILES = ["pyodide/", "pyscript/", "pyscript.toml"]; // the app's wheel is in pyodide/
  var baseFetch = window.fetch;
  // The runtime's first files (PyScript's config, Pyodide's lock and standard library) were asked
  // for at the top of the page (window.CalderaEarly, written by the build: see
  // tools/build_site.py): the runtime's own plain fetch of each gets that response, once.
  var early = window.CalderaEarly || {};

  function takeEarly(input, init) {
    if (typeof input !== "string" && !(input instanceof URL)) return null;
    if (init && Object.keys(init).length) return null; // options of its own: a fetch of its own
    var url;
    try {
      url = new URL(String(input), document.baseURI).href;
    } catch (e) {
      return null;
    }
    var pending = early[url] || null;
    // taken, or asked for before the page's early fetch started (it waits for the first frame
    // when the last table is kept): either way that fetch leaves this URL alone
    early[url] = null;
    return pending;
  }

  if (typeof baseFetch === "function") {
    window.fetch = function (input, init) {
      // Pyodide passes URL objects, PyScript strings; a Request carries its own url
      var url = typeof Request === "function" && input instanceof Request ? input.url : String(input);
      var watched = false;
      if (!state.ready && url) {
        try {
          var path = new URL(url, document.baseURI).href;
          var base = new URL("./", document.baseURI).href;
          watched =
            path.indexOf(base) === 0 &&
            RUNTIME_FILES.some(function (prefix) {
              return path.slice(base.length).indexOf(prefix) === 0;
            });
        } catch (e) {
          watched = false;
        }
      }
      var pending = takeEarly(input, init) || baseFetch.apply(window, arguments);
      if (!watched) return pending;
      return pending.then(
        function (response) {
          if (response.headers && response.headers.get("X-Caldera-Cache") === "damaged") {
            markDamaged(url.slice(new URL("./", document.baseURI).href.length) || url);
          } else if (!response.ok) {
            fail("A file of the game could not be loaded.", url + " answered " + response.status);
          }
          return response;
        },
        function (error) {
          fail("A file of the game could not be loaded.", url + ": " + errorText(error));
          throw error;
        }
      );
    };
  }

  // a script or module that cannot be fetched (for example the PyScript core) fires "error" on
  // its element only: catch it in the capture phase
  document.addEventListener(
    "error",
    function (event) {
      var target = event.target;
      if (target && target.tagName === "SCRIPT") {
        fail("A file of the game could not be loaded.", "Could not load " + (target.src || "a script"));
      }
    },
    true
  );

  document.addEventListener("DOMContentLoaded", function () {
    if (language() === "fr") document.documentElement.setAttribute("lang", "fr");
    translateStatic(document);
    $("boot-retry").addEventListener("click", retry);
    $("update-accept").addEventListener("click", acceptUpdate);
    $("update-later").addEventListener("click", dismissUpdate);
    if (typeof WebAssembly !== "object") {
      fail("This browser cannot run the game: it lacks WebAssembly.", "WebAssembly is not available");
      return;
    }
    setProgress(5, "Loading…");
    timer = setTimeout(function () {
      fail("The game took too long to start.", "No ready signal after " + BOOT_TIMEOUT_MS / 1000 + " s");
    }, BOOT_TIMEOUT_MS);
  });

  window.CalderaBoot = {
    ready: ready,
    fail: fail,
    died: died,
    progress: setProgress,
    language: language,
    tr: tr,
    repairCache: repairCache,
    checkForUpdate: checkForUpdate,
    acceptUpdate: acceptUpdate,
    get build() {
      var meta = document.querySelector('meta[name="caldera-build"]');
      return meta ? meta.content : "";
    },
    get state() {
      return {
        ready: state.ready,
        failed: state.failed,
        updateWaiting: !!state.waiting,
        makesSnapshot: controlledAtLoad && window.isSecureContext,
      };
    },
  };
})();
