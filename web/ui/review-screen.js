// The review screen: a finished game, an autosave or a save file, move by move. The bar (first /
// previous / next / last, a slider, a round to jump to, whose eyes), the board as it was at
// that move (the game's own renderer, with nothing to click), and the whole game's log with the
// moves played so far marked and every entry a way to jump there.
//
// `buildReview` makes the skeleton once per review (and per language); `updateReview` redraws
// it for the move on screen. Both read `ctx` from web/app/review.js.

import { clear, h, isolateNames } from "./dom.js";
import { seatName, seatNames } from "./seats.js";
import { drawVerdicts, markEntry } from "./verdicts.js";

export function buildReview(root, ctx) {
  const { t, on, info } = ctx;
  const refs = {};
  const keep = (name, el) => (refs[name] = el);
  const button = (id, icon, label, fn) =>
    h(
      "button",
      { type: "button", class: "icon review-step", testid: id, "aria-label": label, title: label, onclick: fn },
      icon,
    );
  clear(
    root,
    h(
      "section",
      { class: "screen review", testid: "screen-review", "aria-label": t("ui.review.title") },
      h(
        "div",
        { class: "panel review-bar", testid: "review-bar", role: "toolbar", "aria-label": t("ui.review.title") },
        h("h2", { class: "review-title" }, t("ui.review.title")),
        h(
          "div",
          { class: "review-steps" },
          button("review-first", "«", t("ui.review.first"), () => on.go(0)),
          button("review-prev", "◀", t("ui.review.prev"), () => on.go(ctx.step() - 1)),
          keep("position", h("output", { class: "review-position", testid: "review-position", "aria-live": "polite" })),
          button("review-next", "▶", t("ui.review.next"), () => on.go(ctx.step() + 1)),
          button("review-last", "»", t("ui.review.last"), () => on.go(info.steps)),
        ),
        keep(
          "slider",
          h("input", {
            type: "range",
            class: "review-slider",
            testid: "review-slider",
            min: "0",
            max: String(info.steps),
            "aria-label": t("ui.review.slider"),
            oninput: (e) => on.go(Number(e.currentTarget.value)),
          }),
        ),
        h(
          "div",
          { class: "review-choices" },
          info.rounds.length > 1
            ? h(
                "label",
                {},
                t(info.chart?.unit === "day" ? "ui.review.day" : "ui.review.round"),
                " ",
                keep(
                  "round",
                  h(
                    "select",
                    { testid: "review-round", onchange: (e) => on.go(Number(e.currentTarget.value)) },
                    info.rounds.map((r) =>
                      h(
                        "option",
                        { value: String(r.step) },
                        t(info.chart?.unit === "day" ? "ui.review.day_option" : "ui.review.round_option", {
                          n: r.round,
                        }),
                      ),
                    ),
                  ),
                ),
              )
            : null,
          info.over ? viewerChoice(ctx) : null,
          info.over
            ? h("button", { type: "button", testid: "review-fork", onclick: () => on.fork() }, t("ui.review.fork"))
            : null,
          h(
            "button",
            { type: "button", class: "ghost", testid: "review-close", onclick: () => on.close() },
            t("ui.review.close"),
          ),
        ),
        h(
          "p",
          { class: "review-note muted", testid: "review-note" },
          t(info.over ? "ui.review.over_note" : "ui.review.live_note"),
          " ",
          h("span", { class: "review-keys" }, t("ui.review.keys")),
        ),
      ),
      h(
        "div",
        { class: "table-main" },
        h(
          "div",
          { class: "board-column" },
          keep("board", h("div", { class: "board", testid: "review-board", "aria-label": t("ui.table.board") })),
        ),
        h(
          "aside",
          { class: "side-column" },
          // a finished game's moves may be rated (ui/verdicts.js)
          info.over
            ? keep("verdicts", h("section", { class: "panel verdict-panel", testid: "review-verdicts" }))
            : null,
          h(
            "section",
            { class: "panel log-panel", "aria-labelledby": "review-log-title" },
            h("h2", { id: "review-log-title" }, t("ui.table.log")),
            keep("log", h("ol", { class: "log review-log", testid: "review-log" })),
          ),
        ),
      ),
    ),
  );
  fillLog(refs, ctx);
  return refs;
}

/** Whose eyes: any seat once the game is over (its hidden choices shown), or the spectator. */
function viewerChoice(ctx) {
  const { t, on, seats } = ctx;
  return h(
    "label",
    {},
    t("ui.review.viewer"),
    " ",
    h(
      "select",
      {
        testid: "review-viewer",
        onchange: (e) => on.viewer(e.currentTarget.value === "" ? null : Number(e.currentTarget.value)),
      },
      h("option", { value: "", selected: ctx.viewer() === null }, t("ui.review.spectator")),
      // an <option> holds no <bdi>: the name isolated by FSI…PDI
      seats.map((_, i) =>
        h("option", { value: String(i), selected: ctx.viewer() === i }, `\u2068${seatName(seats, i, t)}\u2069`),
      ),
    ),
  );
}

/** The whole game's log, once: each entry jumps to the position right after its move. */
function fillLog(refs, ctx) {
  const names = seatNames(ctx.seats, ctx.t);
  clear(
    refs.log,
    ctx.info.log.map((e) =>
      h(
        "li",
        { testid: "review-log-entry", dataset: { step: String(e.step), code: e.code } },
        h(
          "button",
          { type: "button", class: "log-jump", onclick: () => ctx.on.go(e.step + 1) },
          h("span", { class: "log-step" }, String(e.step + 1)),
          h("span", { class: "log-text" }, isolateNames(e.text, names)),
        ),
      ),
    ),
  );
  refs.entries = [...refs.log.children];
  // each move's first entry, where its verdict's mark goes
  refs.firstEntry = new Map();
  for (const li of refs.entries) if (!refs.firstEntry.has(li.dataset.step)) refs.firstEntry.set(li.dataset.step, li);
  refs.marked = 0; // verdicts already marked in this log
}

export function updateReview(refs, ctx) {
  const { t, snap, info } = ctx;
  const step = snap.step;
  refs.position.textContent = t("ui.review.position", { step, steps: info.steps });
  refs.position.dataset.step = String(step);
  refs.slider.value = String(step);
  if (refs.round) {
    const current = info.rounds.filter((r) => r.step <= step).at(-1) ?? info.rounds[0];
    refs.round.value = String(current.step);
  }
  ctx.renderBoard(refs.board, snap);
  markLog(refs, step);
  updateVerdicts(refs, ctx);
}

/** The verdicts panel and the marks of the moves rated since the last draw; nothing else (a
 *  rating under way calls it after each move: the board stays as it is). */
export function updateVerdicts(refs, ctx) {
  if (!refs.verdicts || refs.verdictsShown === ctx.verdicts) return;
  refs.verdictsShown = ctx.verdicts;
  drawVerdicts(refs.verdicts, ctx.t, ctx.verdicts, ctx.on, seatNames(ctx.seats, ctx.t));
  const list = ctx.verdicts?.list ?? [];
  for (const v of list.slice(refs.marked)) markEntry(refs.firstEntry.get(String(v.step)), ctx.t, v);
  refs.marked = list.length;
}

/** Entries of the moves played so far are marked; the latest is current and kept in view. */
function markLog(refs, step) {
  let current = null;
  for (const li of refs.entries) {
    const s = Number(li.dataset.step);
    li.classList.toggle("played", s < step);
    li.classList.toggle("current", s === step - 1);
    if (s === step - 1 && !current) current = li;
  }
  if (!current) return;
  cancelAnimationFrame(refs.scroll);
  // at the next frame, within the log only (the page itself stays where it is)
  refs.scroll = requestAnimationFrame(() => {
    refs.log.scrollTop = current.offsetTop - refs.log.offsetTop - refs.log.clientHeight / 3;
  });
}
