/* Sound and touch: short sounds synthesized with Web Audio (no files), and a short vibration.
 *
 * Python (pyapp/ui/features/sound.py, through webstore.BrowserPlatform.play_sounds) decides what
 * to hear after each change of a game and calls CalderaSound.play("kind,kind", vibrateMs); it
 * never calls while muted. Here:
 * - nothing plays and nothing vibrates before the person's first tap or key on the page
 *   (autoplay rules): the AudioContext is made, or resumed, only inside such a gesture;
 *   a sound asked for before it is dropped, never kept for later;
 * - play() only queues and returns: the sounds are scheduled on the audio clock from a task
 *   of their own (setTimeout 0), so a sound never waits for anything nor delays a frame;
 * - each kind is a few notes (frequency Hz, start s, length s, wave, peak gain), one kind after
 *   the other.
 * CalderaSound.played lists the kinds scheduled so far (tests and debugging).
 */
(function () {
  "use strict";

  var RECIPES = {
    place: [[660, 0, 0.07, "triangle", 0.22]],
    move: [[520, 0, 0.05, "sine", 0.16]],
    erupt: [
      [98, 0, 0.38, "sawtooth", 0.18],
      [147, 0.04, 0.3, "square", 0.08],
    ],
    capture: [
      [880, 0, 0.08, "triangle", 0.2],
      [1320, 0.08, 0.12, "triangle", 0.18],
    ],
    dice: [
      [310, 0, 0.03, "square", 0.1],
      [440, 0.05, 0.03, "square", 0.1],
      [360, 0.1, 0.03, "square", 0.1],
      [500, 0.15, 0.03, "square", 0.1],
    ],
    won: [
      [523.25, 0, 0.1, "triangle", 0.2],
      [659.25, 0.09, 0.1, "triangle", 0.2],
      [783.99, 0.18, 0.18, "triangle", 0.2],
    ],
    lost: [
      [392, 0, 0.14, "triangle", 0.2],
      [311.13, 0.13, 0.24, "triangle", 0.2],
    ],
    turn: [
      [784, 0, 0.09, "sine", 0.2],
      [1046.5, 0.09, 0.16, "sine", 0.2],
    ],
    end: [
      [523.25, 0, 0.12, "triangle", 0.2],
      [659.25, 0.12, 0.12, "triangle", 0.2],
      [783.99, 0.24, 0.12, "triangle", 0.2],
      [1046.5, 0.36, 0.3, "triangle", 0.2],
    ],
  };
  var GAP_S = 0.04; // between two kinds of one change

  var ctx = null;
  var unlocked = false; // the person has tapped or pressed a key on the page
  var played = [];

  function AudioCtor() {
    return window.AudioContext || window.webkitAudioContext || null;
  }

  function wake() {
    if (!ctx) {
      var Ctor = AudioCtor();
      if (!Ctor) return;
      try {
        ctx = new Ctor();
      } catch (e) {
        ctx = null;
        return;
      }
    }
    if (ctx.state === "suspended" && ctx.resume) {
      var p = ctx.resume();
      if (p && p.catch) p.catch(function () {});
    }
  }

  function gesture(event) {
    if (event && event.isTrusted === false) return;
    unlocked = true;
    wake();
  }

  ["pointerdown", "keydown", "touchend"].forEach(function (name) {
    document.addEventListener(name, gesture, { capture: true, passive: true });
  });

  function note(at, n) {
    var osc = ctx.createOscillator();
    var gain = ctx.createGain();
    osc.type = n[3];
    osc.frequency.setValueAtTime(n[0], at + n[1]);
    gain.gain.setValueAtTime(0.0001, at + n[1]);
    gain.gain.exponentialRampToValueAtTime(n[4], at + n[1] + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + n[1] + n[2]);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(at + n[1]);
    osc.stop(at + n[1] + n[2] + 0.02);
  }

  function length(recipe) {
    var end = 0;
    for (var i = 0; i < recipe.length; i++) end = Math.max(end, recipe[i][1] + recipe[i][2]);
    return end;
  }

  function schedule(kinds) {
    wake();
    if (!ctx || ctx.state === "closed") return;
    var at = ctx.currentTime + 0.01;
    for (var i = 0; i < kinds.length; i++) {
      var recipe = RECIPES[kinds[i]];
      if (!recipe) continue;
      for (var j = 0; j < recipe.length; j++) note(at, recipe[j]);
      played.push(kinds[i]);
      at += length(recipe) + GAP_S;
    }
  }

  /* The sounds of one change ("place,turn"), then a vibration of vibrateMs where the device
   * has one; nothing before the first gesture. Returns at once. */
  function play(list, vibrateMs) {
    if (!unlocked) return false;
    var kinds = String(list || "").split(",").filter(function (k) { return k; });
    if (kinds.length) {
      setTimeout(function () {
        try {
          schedule(kinds);
        } catch (e) {
          // a sound must never break the game
        }
      }, 0);
    }
    if (vibrateMs > 0 && navigator.vibrate) {
      try {
        navigator.vibrate(vibrateMs);
      } catch (e) {
        // no vibration here
      }
    }
    return true;
  }

  window.CalderaSound = { play: play, recipes: RECIPES, played: played };
})();
