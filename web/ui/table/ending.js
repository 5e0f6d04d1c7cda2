// The ending of a game: the winner's banner, the final scores with each game's breakdown (and
// a solo game's targets), the chart of the game, and what to do next (a new game, the same
// table again, the review). Drawn into the table's `game-over` panel.

import { chartLegend, chartSvg } from "../chart.js";
import { bdi, clear, h } from "../dom.js";
import { humanize } from "../i18n.js";
import { isYou } from "../seats.js";
import { turnText } from "./turn.js";

/** The ending once the game is over; the moment it ends, or a finished game
 *  opens, the ending is scrolled into view (the board above it may be taller than the window). */
export function updateOver(refs, ctx, name, iso) {
  const { t, snap } = ctx;
  refs.over.hidden = !snap.result;
  if (!snap.result) {
    refs.endingShown = false;
    return;
  }
  drawEnding(refs.over, ctx, iso(turnText(snap, t, name)), name);
  if (refs.endingShown) return;
  refs.endingShown = true;
  // at the next frame: the layout is done once, by the browser, instead of in the redraw
  requestAnimationFrame(() => refs.over.scrollIntoView({ block: "start" }));
}

/** Fill `el` for a finished game. `banner` is the "Game over: … wins" sentence (as nodes),
 *  `name(i)` a seat's name; `ctx.chart` the bridge's chart of the game (null until it comes),
 *  `ctx.on` the table's handlers (lobby, again, review). */
function drawEnding(el, ctx, banner, name) {
  const { t, snap } = ctx;
  const result = snap.result;
  const seats = snap.seats.map((_, i) => i);
  const isWinner = (i) => result.winners.includes(i);
  el.dataset.winners = result.winners.join(" ");
  clear(
    el,
    h(
      "div",
      { class: "over-banner", testid: "winner-banner" },
      h("span", { class: "over-trophy", "aria-hidden": "true" }, "★"),
      h("h2", { id: "over-title" }, banner),
    ),
    h("div", { class: "score-wrap" }, scoreTable(t, result, seats, name, isWinner)),
    targets(t, result),
    h(
      "p",
      { class: "over-actions" },
      h(
        "button",
        { type: "button", class: "primary", testid: "game-over-lobby", onclick: () => ctx.on.lobby() },
        t("ui.over.new_game"),
      ),
      h(
        "button",
        { type: "button", testid: "game-over-again", onclick: () => ctx.on.again() },
        t("ui.ending.play_again"),
      ),
      h(
        "button",
        { type: "button", testid: "game-over-review", onclick: () => ctx.on.review() },
        t("ui.ending.review"),
      ),
    ),
    chartBlock(ctx, seats.map(name)),
  );
}

/** The side panel's word on a finished game (where the moves were offered): who won and by
 *  how much, in the game's unit, and what may come next (the toolbar's Review below it);
 *  `iso` isolates the names. */
export function endingSummary(ctx, name, iso = (text) => text) {
  const { t, snap } = ctx;
  const result = snap.result;
  if (!result) return null;
  const scores = result.scores;
  const order = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a]);
  const winners = result.winners;
  let line;
  if (scores.length === 1 || (winners.length === 1 && order.length > 1 && winners[0] !== order[0])) {
    // one seat, or a winner the scores alone do not name (a solo game against its targets)
    const reached = (result.targets ?? []).filter((target) => scores[0] >= target).length;
    line = result.targets?.length
      ? t("ui.ending.solo_targets", { score: worth(t, scores[0]), reached, targets: result.targets.length })
      : t("ui.ending.solo", { score: worth(t, scores[0]) });
  } else if (winners.length > 1) {
    line = t("ui.ending.tied", { names: winners.map(name).join(", "), score: worth(t, scores[winners[0]]) });
  } else {
    const first = winners[0] ?? order[0];
    const second = order.find((i) => i !== first);
    // the person at this screen is spoken to: "You win, 5 points ahead of Bot 2", not "You wins"
    const you = (i) => isYou(snap.seats, i);
    line = t("ui.ending.margin", {
      name: name(first),
      margin: worth(t, scores[first] - scores[second]),
      other: name(second),
      you: you(first) ? "winner" : you(second) ? "loser" : "other",
    });
  }
  return h(
    "div",
    { class: "ending-summary", testid: "ending-summary" },
    h("p", { class: "ending-line", testid: "ending-line" }, iso(sentence(line, t.lang))),
    h("p", { class: "muted" }, t("ui.ending.next")),
  );
}

/** A sentence opens on a capital, as the log's do (engine/core/i18n.py render), even where it
 *  opens on a name written mid-sentence: "Le Successeur de Dahlgaard gagne…". */
const sentence = (text, lang) => text.replace(/\p{L}/u, (c) => c.toLocaleUpperCase(lang));

function scoreTable(t, result, seats, name, isWinner) {
  // Categories in the order the game lists them; a "total" category is the Total row.
  const categories = [];
  for (const row of result.breakdown ?? []) {
    for (const key of Object.keys(row)) if (key !== "total" && !categories.includes(key)) categories.push(key);
  }
  const category = (key) => result.labels?.[key] ?? humanize(key);
  return h(
    "table",
    { class: "score-table", testid: "score-table" },
    h("caption", { class: "visually-hidden" }, t("ui.over.title")),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        // what every row is worth, said once (a phone has no room for it in each cell)
        h("th", { scope: "col" }, t("ui.over.category_in")),
        seats.map((i) => h("th", { scope: "col", class: isWinner(i) ? "winner" : null }, bdi(name(i)))),
      ),
    ),
    h(
      "tbody",
      {},
      categories.map((key) =>
        h(
          "tr",
          { dataset: { category: key } },
          h("th", { scope: "row" }, category(key)),
          seats.map((i) => h("td", {}, String(result.breakdown[i]?.[key] ?? "—"))),
        ),
      ),
      h(
        "tr",
        { class: "total", dataset: { category: "total" } },
        h("th", { scope: "row" }, t("ui.over.total")),
        seats.map((i) =>
          h(
            "td",
            { class: isWinner(i) ? "winner" : null, testid: `score-${i}` },
            String(result.scores[i]),
            isWinner(i) ? " ★" : "",
          ),
        ),
      ),
    ),
  );
}

/** A value in the game's unit ("33 fame"). */
const worth = (t, n) => (n === undefined || n === null ? "—" : t("ui.over.value", { n }));

/** A solo game's printed targets, each reached or missed by the score. */
function targets(t, result) {
  if (!result.targets?.length) return null;
  const score = result.scores[0];
  return h(
    "ul",
    { class: "over-targets", testid: "solo-targets", "aria-label": t("ui.ending.targets") },
    result.targets.map((target) =>
      h(
        "li",
        { class: score >= target ? "reached" : "missed", dataset: { target: String(target) } },
        `${score >= target ? "✔" : "✘"} ${t("ui.ending.target", { target })}: `,
        t(score >= target ? "ui.ending.reached" : "ui.ending.missed"),
      ),
    ),
  );
}

/** The chart, with a choice of figure when the game keeps more than one. */
function chartBlock(ctx, names) {
  const { t, chart } = ctx;
  if (!chart?.rounds?.length) return null;
  const figures = Object.keys(chart.figures);
  const figure = figures.includes(ctx.chartFigure) ? ctx.chartFigure : figures[0];
  return h(
    "figure",
    { class: "chart", testid: "chart", dataset: { figure } },
    h(
      "figcaption",
      {},
      h("span", { class: "chart-title" }, t("ui.chart.title")),
      figures.length > 1
        ? h(
            "span",
            { class: "chart-figures", role: "group", "aria-label": t("ui.chart.figure") },
            figures.map((f) =>
              h(
                "button",
                {
                  type: "button",
                  class: "chip",
                  testid: `chart-figure-${f}`,
                  "aria-pressed": String(f === figure),
                  onclick: () => ctx.on.chartFigure(f),
                },
                t(`ui.chart.${f}`),
              ),
            ),
          )
        : null,
    ),
    chartSvg(t, chart, figure, names),
    chartLegend(names),
  );
}
