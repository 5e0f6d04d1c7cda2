// The Hint: the button, the last hint's moves with what each is worth, and the move list's
// buttons marked by rank.

import { markHint } from "../board.js";
import { h, clear } from "../dom.js";
import { whyLine } from "../hintwhy.js";

/** The Hint button (hints on, a person to act) and the last hint for this very position: its
 *  moves with their estimates, the matching action buttons marked by rank. Returns the best move
 *  (null while there is none to show). */
export function updateHint(refs, ctx) {
  const { t, snap } = ctx;
  refs.hintRow.hidden = !(snap.hints && snap.legal.length);
  const hint = ctx.hint;
  const current = hint && hint.step === snap.step && hint.viewer === ctx.viewer;
  refs.hintButton.disabled = Boolean(current && hint.pending);
  refs.hintPanel.hidden = refs.hintRow.hidden || !current;
  const best = !refs.hintPanel.hidden && !hint.pending ? hint.moves[0] : null;
  markHint(refs.board, best?.index ?? null);
  if (refs.hintPanel.hidden) {
    clear(refs.hintPanel);
    return null;
  }
  if (hint.pending) {
    clear(refs.hintPanel, h("p", { class: "muted" }, t("ui.hint.thinking")));
    return null;
  }
  clear(
    refs.hintPanel,
    h("p", { class: "hint-title" }, t("ui.hint.title")),
    h(
      "ol",
      { class: "hint-moves" },
      hint.moves.map((m, rank) =>
        h(
          "li",
          {
            testid: "hint-move",
            dataset: { index: m.index === null ? "" : String(m.index), rank: String(rank + 1) },
          },
          h("span", { class: "hint-label" }, m.label),
          " ",
          h("span", { class: "hint-estimate muted" }, hintFigure(t, m)),
          rank === 0 ? whyLine(m) : null,
        ),
      ),
    ),
    h("p", { class: "hint-time muted", testid: "hint-time" }, t("ui.hint.time", { ms: hint.ms })),
  );
  hint.moves.forEach((m, rank) => {
    const button = m.index === null ? null : refs.actions.querySelector(`[data-index="${m.index}"]`);
    if (!button) return;
    button.classList.add("hinted");
    button.dataset.hintRank = String(rank + 1);
    // the best move in view within the move list, once per hint (the page itself stays put)
    if (rank === 0 && refs.hintShown !== hint) {
      refs.hintShown = hint;
      const list = refs.actions;
      const top = button.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
      if (top < list.scrollTop || top + button.offsetHeight > list.scrollTop + list.clientHeight)
        list.scrollTop = top - list.clientHeight / 3;
    }
  });
  return best;
}

/** What a hinted move is worth against the best one, in the game's points (rollout levels:
 *  the value a round ahead, so a difference, not a forecast of the final score), else the tree
 *  search's estimate. The best move also says where it leaves the player against the strongest
 *  other seat at that horizon (the margin), which the differences are measured from. */
function hintFigure(t, m) {
  if (m.loss !== null && m.loss !== undefined) {
    const loss = m.loss.toLocaleString(t.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    if (m.loss > 0.05) return t("ui.hint.points_loss", { loss });
    if (m.margin === null || m.margin === undefined) return t("ui.hint.points_best");
    return `${t("ui.hint.points_best")} · ${marginText(t, m.margin)}`;
  }
  return m.estimate === null ? t("ui.hint.only") : t("ui.hint.estimate", { value: Math.round(m.estimate * 100) });
}

function marginText(t, margin) {
  const points = Math.abs(margin).toLocaleString(t.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (margin >= 0.05) return t("ui.hint.margin_ahead", { points });
  if (margin <= -0.05) return t("ui.hint.margin_behind", { points });
  return t("ui.hint.margin_level");
}
