// Per-game renderers. When web/games/<id>/index.js lands, add one line here:
//
//   oracle: () => import("./oracle/index.js"),
//
// A game with no entry is drawn by generic.js (which also documents the renderer contract).
// The page never guesses file names: a missing file would be a failed request.

export const RENDERERS = {
  oracle: () => import("./oracle/index.js"),
  trickerion: () => import("./trickerion/index.js"),
  "trickerion-solo": () => import("./trickerion/solo.js"),
  magnificent: () => import("./magnificent/index.js"),
  "magnificent-solo": () => import("./magnificent/index.js"),
};
