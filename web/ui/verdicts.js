// The verdicts of a review (web/app/review.js): the "Rate the moves" button, the progress of a
// rating under way with its Cancel button, the key moments (the worst moves, each a way to the
// position it was played from), and each rated move's mark beside its log entry.

import { clear, h, isolateNames } from "./dom.js";
import { pick } from "./i18n.js";

const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/** The verdicts panel. `state`: {running, done, total, cancelled, failed, list} or null (not
 *  asked yet); `on`: {analyse, cancel, go}; `names` the seats' names (isolated in the moves'
 *  labels). A rating stopped or failed keeps its verdicts and offers to go on. */
export function drawVerdicts(el, t, state, on, names) {
  const rate = (code) =>
    h("button", { type: "button", testid: "review-analyse", onclick: () => on.analyse() }, t(code));
  if (!state) return clear(el, rate("ui.verdict.analyse"));
  const { running, done, total, cancelled, failed, list } = state;
  const status = running
    ? h(
        "div",
        { class: "verdict-progress" },
        h("progress", { testid: "review-progress", max: String(total || 1), value: String(done) }),
        h("span", { role: "status" }, t("ui.verdict.progress", { done: Math.min(done + 1, total), total })),
        h(
          "button",
          { type: "button", class: "ghost", testid: "review-cancel", onclick: () => on.cancel() },
          t("ui.verdict.cancel"),
        ),
      )
    : h(
        "div",
        { class: "verdict-status" },
        h(
          "p",
          {
            class: failed ? "verdict-failed" : "muted",
            role: failed ? "alert" : "status",
            testid: "review-verdict-status",
            // the engine's own words, in the language it was asked in: a detail on demand
            title: failed || null,
          },
          failed
            ? t("ui.verdict.failed", { done: done + 1, total })
            : cancelled
              ? t("ui.verdict.cancelled", { done, total })
              : t("ui.verdict.done", { total, level: t("ui.bot.normal") }),
        ),
        failed || cancelled ? rate("ui.verdict.resume") : null,
      );
  const moments = list.filter((v) => v.mark === "mistake" || v.mark === "blunder").sort((a, b) => b.loss - a.loss);
  return clear(
    el,
    status,
    h("h3", { class: "verdict-title" }, t("ui.verdict.moments")),
    moments.length || running
      ? h(
          "ol",
          { class: "verdict-moments", testid: "review-moments" },
          moments.slice(0, 8).map((v) =>
            h(
              "li",
              { testid: "review-moment", dataset: { step: String(v.step), mark: v.mark } },
              h(
                "button",
                // to the position right after the move, as the log's entry of the same number
                // does: "Move 33" shows "Move 33 of 87", the rated move current in the log
                { type: "button", class: "log-jump", onclick: () => on.go(v.step + 1) },
                badge(t, v.mark),
                " ",
                isolateNames(
                  t("ui.verdict.moment", {
                    step: v.step + 1,
                    label: pick(v.labels, t.lang),
                    loss: t("ui.verdict.loss", { loss: formatted(t, v.loss) }),
                    best: pick(v.best_labels, t.lang),
                  }),
                  names,
                ),
              ),
            ),
          ),
        )
      : h("p", { class: "muted", testid: "review-moments-none" }, t("ui.verdict.none")),
  );
}

/** The mark beside a rated move's first log entry (`entry`: that entry, or undefined when the
 *  viewer's log shows nothing of the move). */
export function markEntry(entry, t, v) {
  if (!entry || !v.mark || entry.querySelector(".verdict-mark")) return;
  const mark = badge(t, v.mark);
  mark.title = `${t(`ui.verdict.${v.mark}`)}: ${t("ui.verdict.scores", {
    score: formatted(t, v.score),
    best_score: formatted(t, v.best_score),
  })}`;
  entry.querySelector(".log-text")?.prepend(mark, " ");
}

function badge(t, mark) {
  return h(
    "span",
    { class: `verdict-mark verdict-${mark}`, testid: "verdict-mark", "aria-label": t(`ui.verdict.${mark}`) },
    SIGNS[mark],
  );
}

const formatted = (t, n) =>
  n === null || n === undefined ? "—" : Number(n).toLocaleString(t.lang, { maximumFractionDigits: 1 });
