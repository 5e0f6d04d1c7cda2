// What the hint's best move is for (issue #34): the bridge's `why`, a catalogue code with its
// parameters and the text rendered from them in the table's language (as log lines come), shown
// as one line under the move in the hint panel and in the phone's hint.

import { h } from "./dom.js";

/** The line for hinted move `m`, or null where the game cannot say what it is for. */
export function whyLine(m, testid = "hint-why") {
  const why = m?.why;
  if (!why?.text) return null;
  return h("span", { class: "hint-why", testid, dataset: { code: why.code } }, why.text);
}
