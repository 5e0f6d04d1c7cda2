// Where a review is opened from: an autosaved game, a save file, or the table in play. Each
// opener checks what it is given (a file before Python sees it, a table whose next person is
// not there yet) and hands the review room (app/review.js) the game and the seat that sees it.

import { pageError } from "../ui/bridge.js";
import { refuseText } from "../ui/guard.js";
import * as bots from "./bots.js";
import * as review from "./review.js";
import * as saves from "./saves.js";
import * as table from "./play.js";

/** The openers for a page with `t()` (its translator) and `screen()` (the screen shown). */
export function openers(page) {
  /** The review in the screen's place; closing it goes back to the table or the lobby it came
   *  from. The table's bots wait meanwhile; a review that cannot open leaves the table as it was. */
  async function open(source) {
    const from = page.screen() === "table" ? "table" : "lobby";
    if (from === "table") {
      bots.stop();
      table.leave();
    }
    try {
      return await review.open({ ...source, from });
    } catch (error) {
      if (from === "table") table.reenter();
      throw error;
    }
  }
  return {
    /** An autosaved game, reviewed as its screen's seat saw it; its slot is only read. */
    slot(id) {
      const slot = saves.loadSlot(id);
      if (!slot) throw pageError(page.t(), "ui.error.resume_gone");
      return open({ text: slot.text, viewer: slot.viewer ?? null });
    },
    /** A save file's game, seen by the spectator (once it is over any seat may be chosen). */
    text(text) {
      const refused = refuseText(text); // before Python sees it
      if (refused) throw pageError(page.t(), refused.code, refused.params);
      return open({ text, viewer: null });
    },
    /** The game at the table so far, as this screen's seat saw it. */
    table() {
      if (page.screen() !== "table" || !table.snap()) throw pageError(page.t(), "ui.error.no_table");
      if (table.covered()) throw pageError(page.t(), "ui.error.no_seat"); // the next person is not there yet
      return open({ text: null, viewer: table.viewer() });
    },
  };
}
