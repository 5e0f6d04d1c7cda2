// Per-game renderers. When web/games/<id>.js lands, add one line here:
//
//   oracle: () => import("./oracle.js"),
//
// A game with no entry is drawn by generic.js (which also documents the renderer contract).
// The page never guesses file names: a missing file would be a failed request.

export const RENDERERS = {
  oracle: () => import("./oracle.js"),
  trickerion: () => import("./trickerion.js"),
  "trickerion-solo": () => import("./trickerion/solo.js"),
  magnificent: () => import("./magnificent.js"),
  "magnificent-solo": () => import("./magnificent.js"),
};
