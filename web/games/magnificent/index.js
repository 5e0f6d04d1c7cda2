// The Magnificent at the table: the main board (score track, Main Tent, Performance Track, New
// Posters, Main Display, travel area, board trainer spaces, supply), the viewer's own area drawn
// large (camp with ghost placement, levels, tents and posters, gems, tiles, master cards with
// their value now, power and round-end forecast) and the opponents compact. Legal actions
// (snapshot.legal) are filed under the places they act on (magnificent/common.js) and played
// by clicking there; what has no place on the board is in the decision strip.
// Test ids: docs/magnificent-page.md.

import { h, clear } from "../../ui/dom.js";
import { Popups, loadOnce, loadStyles, publish, redraw, revealTargets } from "../../ui/board.js";
import { groupLegal, keysOf, words, play, nameOf, seatChip } from "./common.js";
import { legend } from "./legend.js";
import { mainBoard } from "./main.js";
import { ownArea, opponent } from "./player.js";
import { spin, placeChoices } from "./camp.js";

await loadStyles([new URL("./magnificent.css", import.meta.url)]);

const memo = { data: null, renders: 0, last: null, clicked: 0, clickMs: [], renderMs: [], stage: "", step: -1 };
publish("magnificent", memo);

// The part of the table that answers a decision (scrolled into view when the decision comes up).
const FOCUS = {
  take: "mgn-tent",
  build: "mgn-levels",
  place: "mgn-camp-panel",
  travel: "mgn-travel",
  tent: "mgn-tents",
  perform: "mgn-track",
  reward: "mgn-posters",
  poster: "mgn-new-posters",
  gem: "mgn-storage",
  pay: "mgn-storage",
  final: "mgn-cards",
  fair: "mgn-fair",
  fair_discard: "mgn-fair",
  score: "mgn-cards",
  tiles: "mgn-offers",
  offer: "mgn-offers",
};

const ready = loadOnce(async (api) => {
  const packs = await api.gameData();
  memo.data = packs.components;
});

// R and F turn the ghost while a camp tile is being placed (not while typing in a field).
document.addEventListener("keydown", (e) => {
  const last = memo.last;
  if (!last || e.ctrlKey || e.metaKey || e.altKey || /INPUT|SELECT|TEXTAREA/.test(e.target?.tagName ?? "")) return;
  if (!last.c.container.isConnected || !placeChoices(last.c).length) return;
  const how = { r: "rotate", R: "rotate", f: "reflect", F: "reflect" }[e.key];
  if (!how) return;
  e.preventDefault();
  spin(last.c, how);
});

export function render(container, snap, api) {
  const again = () => render(container, snap, api);
  const failed = (error) => {
    console.error("marquee: the Magnificent board could not be drawn; showing its data", error);
    api.generic(container, snap.view, api);
  };
  if (!ready(api, again, failed)) return;
  const started = performance.now();
  const c = context(container, snap, api, again);
  memo.last = { c };
  draw(c);
  const ms = performance.now() - started;
  memo.renders++;
  memo.renderMs.push(ms);
  if (memo.clicked) {
    memo.clickMs.push(performance.now() - memo.clicked);
    memo.clicked = 0;
  }
  c.board.dataset.render = String(memo.renders);
  c.board.dataset.renderMs = ms.toFixed(1);
}

function context(container, snap, api, redraw) {
  const D = memo.data;
  const v = snap.view;
  const viewer = api.viewer;
  const me = viewer === null || viewer === undefined ? null : viewer;
  const legal = snap.legal ?? [];
  const board = liveBoard(container);
  // (only when it changes: setting `lang`, even to the same language, restyles the whole board)
  if (board.lang !== api.lang) board.lang = api.lang;
  Object.assign(board.dataset, {
    phase: v.phase,
    stage: v.turn.stage,
    seat: String(v.seat),
    pending: v.pending[0]?.kind ?? "",
  });
  const c = {
    container,
    snap,
    api,
    v,
    me,
    legal,
    board,
    redraw,
    memo,
    mine: me !== null && legal.length > 0,
    groups: groupLegal(legal),
    drawn: new Set(),
    w: words(api.t),
    table: v.table,
    shapes: v.table.shapes,
    posters: Object.fromEntries(D.posters.map((p) => [p.id, p])),
    cards: Object.fromEntries(D.master_cards.map((m) => [m.id, m])),
    tents: Object.fromEntries(D.tents.map((t) => [t.id, t])),
    boards: Object.fromEntries(D.boards.map((b) => [b.id, b])),
    artistNames: D.artist_names ?? {},
    spaces: Object.fromEntries([...D.assistant_tiles, ...D.board_assistant_spaces].map((x) => [x.id, x])),
    boardSpaces: D.board_assistant_spaces,
    tracks: D.travel.tracks,
    track: D.performance_track,
    solo: D.solo,
  };
  c.pop = board[POPS];
  c.last = lastMoves(c);
  return c;
}

const POPS = Symbol("popups");

/** The board element on screen, kept from one draw to the next with its popups: a draw patches
 *  its contents (ui/board.js redraw), so the browser lays out again only what changed. */
function liveBoard(container) {
  const board = container.firstElementChild;
  if (container.childElementCount === 1 && board.dataset.testid === "mgn-board") return board;
  const fresh = h("div", { class: "mgn", testid: "mgn-board" });
  fresh[POPS] = new Popups(fresh, "mgn-pop");
  return fresh;
}

/** The log entries of the others since the viewer's own last one. */
function othersSince(c) {
  const log = c.snap.log ?? [];
  if (c.me === null || !log.length) return [];
  let from = 0;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].params?.seat === c.me) {
      from = i + 1;
      break;
    }
  }
  return log.slice(from).filter((e) => e.params?.seat !== undefined && e.params.seat >= 0 && e.params.seat !== c.me);
}

/** Where the others' moves since the viewer's last decision landed, for the board to light:
 *  the dice they took (by card), the wagons moved, the camp cells built, the tents and posters
 *  gained, the hats moved, the New Posters refilled. */
function lastMoves(c) {
  const last = {
    cards: new Map(),
    wagons: new Set(),
    hats: new Set(),
    cells: new Map(),
    tents: new Map(),
    np: new Set(),
    rewarded: new Set(),
    pairs: new Set(),
  };
  const add = (map, seat, x) => map.set(seat, (map.get(seat) ?? new Set()).add(x));
  for (const e of othersSince(c)) {
    const q = e.params;
    const code = e.code.replace(/^mag\./, "");
    if (code === "take") add(last.cards, q.seat, q.card);
    else if (code === "move") last.wagons.add(q.track);
    else if (code === "hat") last.hats.add(q.space);
    else if (code === "place") for (const cell of q.cells) add(last.cells, q.seat, cell);
    else if (code === "tent") add(last.tents, q.seat, q.slot);
    else if (code === "poster_display") last.np.add(q.slot);
    else if (code === "reward") last.rewarded.add(q.seat);
  }
  return last;
}

function draw(c) {
  const { v } = c;
  const others = v.players.map((_, i) => i).filter((i) => i !== c.me);
  const later = c.board.parentNode !== c.container;
  // the parts that hold targets are drawn first, so the strip knows what found a place
  const main = mainBoard(c);
  const own = c.me !== null ? ownArea(c) : null;
  const opps = h(
    "div",
    { class: "mgn-opps", testid: "mgn-opponents" },
    later ? null : others.map((i) => opponent(c, i)),
  );
  // a panel or tooltip belongs to the position it was opened in
  c.pop.closePanel();
  c.pop.hideTip();
  redraw(
    c.board,
    header(c),
    ...(v.phase === "over" ? [] : [strip(c)]),
    h(
      "div",
      { class: "mgn-layout" },
      // the opponents under the main board, the own area being the taller column (a spectator
      // has none: the players take its place)
      h("div", { class: "mgn-left" }, own ?? opps),
      h("div", { class: "mgn-right" }, main, own ? opps : null),
    ),
  );
  if (later) {
    clear(c.container, c.board);
    drawLater(c);
  }
  // a new decision: bring the part that answers it into view
  const stage = `${v.phase}:${v.turn.stage}:${v.pending[0]?.kind ?? ""}:${v.seat}`;
  if (c.mine) {
    const where = FOCUS[v.pending[0]?.kind] ?? FOCUS[v.turn.stage] ?? FOCUS[v.phase];
    const panel = where && c.board.querySelector(`[data-testid="${where}"]`);
    const first = panel?.querySelector('[data-legal="true"]') ? panel : c.board.querySelector('[data-legal="true"]');
    if (first) first.dataset.focus = "true"; // the part that answers the decision
    // on the next frame: measuring now would lay the new board out in the middle of the draw
    // (found again then: a later draw of the same step may have patched these elements away;
    // the step counts as shown once its targets were laid out and brought into view)
    const step = c.snap.step;
    if (stage !== memo.stage || step !== memo.step)
      requestAnimationFrame(() => {
        const root = c.container;
        if (revealTargets(root, root.querySelector('[data-focus="true"]'))) memo.step = step;
      });
  }
  memo.stage = stage;
}

/** A new board leaves the opponents (`later`: none of them holds a target) to a second draw,
 *  in a task of its own after the first frame, so the first frame styles and lays out the main
 *  board and the viewer's own area alone (as Trickerion's Residence). A later position drawn
 *  meanwhile draws them itself. */
function drawLater(c) {
  const drawn = memo.renders + 1; // (this draw's, counted once it returns)
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (c.board.isConnected && memo.renders === drawn) c.redraw();
    }),
  );
}

// ---- header: round, turn, order, provisional mark, solo targets ---------------------------

function header(c) {
  const { v } = c;
  const n = v.players.length;
  const order = Array.from({ length: n }, (_, i) => (v.first + i) % n);
  const turn = n ? Math.min(4, Math.floor(v.turn_no / n) + 1) : 1;
  const solo = c.solo && n === 1 && c.snap.game === "magnificent-solo" ? soloTargets(c) : null;
  return h(
    "header",
    { class: "mgn-head", testid: "mgn-head" },
    h("h2", {}, c.w("title")),
    h("span", { class: "mgn-stat", testid: "mgn-round" }, c.w("round", { round: v.round, turn })),
    // alone at the table, the order and whose turn it is say nothing ("First player: You · You")
    n > 1
      ? h(
          "span",
          { class: "mgn-stat", testid: "mgn-order" },
          c.w("first", { name: nameOf(c, v.first) }),
          " · ",
          order.map((i, k) => [k ? " → " : "", seatChip(c, i)]),
        )
      : null,
    // nobody acts while dice wait for their throw (the engine's chance step)
    n > 1 && v.phase !== "over" && !v.throw.length
      ? h("span", { class: "mgn-stat", testid: "mgn-to-act" }, c.w("to_act", { name: nameOf(c, v.seat) }))
      : null,
    solo,
    legend(c),
    v.provisional
      ? h(
          "details",
          { class: "mgn-provisional", testid: "mgn-provisional" },
          h("summary", { class: "badge provisional", testid: "mgn-provisional-badge" }, "⚠ ", c.w("provisional")),
          h(
            "div",
            { class: "mgn-provisional-body", testid: "mgn-provisional-details" },
            h("p", {}, c.api.t("ui.magnificent.provisional")),
            h("p", {}, c.w("provisional_parts")),
            h(
              "ul",
              {},
              v.provisional_parts.map((x) => h("li", {}, x)),
            ),
          ),
        )
      : null,
  );
}

function soloTargets(c) {
  const vp = c.v.players[0].vp;
  return h(
    "span",
    { class: "mgn-stat mgn-solo", testid: "mgn-solo-targets", title: c.api.t("ui.magnificent.solo_targets") },
    c.w.lv(c.w("solo"), ""),
    c.solo.targets.map((t) =>
      h(
        "span",
        { class: `mgn-target${vp >= t ? " reached" : ""}` },
        h("meter", { min: 0, max: t, value: Math.max(0, vp) }),
        ` ${c.w("solo_progress", { vp, target: t })}`,
      ),
    ),
  );
}

// ---- the decision strip: the prompt, and the choices with no place on the board --------------

function strip(c) {
  const { v } = c;
  let prompt;
  if (v.phase === "over") prompt = "";
  else if (v.throw.length) prompt = c.w("stage.roll");
  else if (!c.mine) prompt = c.w("waiting", { name: nameOf(c, v.seat) });
  else if (v.pending.length) prompt = c.w(`stage.${v.pending[0].kind}`);
  // the solo's offer: four cards kept one by one, each prompt saying which (R91)
  else if (v.phase === "offer") prompt = c.w("stage.offer_n", { n: (v.players[v.seat]?.cards.length ?? 0) + 1, of: 4 });
  // a stage whose own moves are all made leaves End turn alone: say so, not the stage's task
  else if (v.phase === "turn" && c.legal.length && c.legal.every((e) => e.action.type === "end"))
    prompt = c.w("stage.done");
  // the Build's fragments all placed: what is left is optional (engine's refusals.expected)
  else if (
    v.phase === "turn" &&
    v.turn.stage === "place" &&
    !c.legal.some((e) => ["place", "skip"].includes(e.action.type))
  )
    prompt = c.w("stage.extras");
  // R26-R28: the power a die brings is not its face alone
  else if (v.phase === "turn" && v.turn.stage === "take") prompt = `${c.w("stage.take")} ${c.w("power_rule")}`;
  else if (v.phase === "turn") prompt = c.w(`stage.${v.turn.stage}`);
  else prompt = c.w(`stage.${v.phase}`);
  const rest = c.legal.filter((e) => !keysOf(e.action).some((k) => c.drawn.has(k)));
  return h(
    "section",
    { class: "mgn-strip", testid: "mgn-strip", "aria-live": "polite" },
    h("p", { class: "mgn-prompt", testid: "mgn-prompt" }, prompt),
    v.phase === "over" ? null : recent(c),
    rest.length
      ? h(
          "div",
          { class: "mgn-strip-choices" },
          rest.map((e) =>
            h(
              "button",
              {
                type: "button",
                class: "mgn-btn",
                testid: `mgn-strip-${e.index}`,
                dataset: { target: `strip-${e.index}`, action: JSON.stringify(e.action) },
                onclick: (ev) => play(c, e, ev.currentTarget),
              },
              e.label,
            ),
          ),
        )
      : null,
  );
}

/** Log codes that change little on their own (a gem, a coin, the choice of action, the turn's
 *  end): a turn's summary leaves them out so the moves that mattered stay in view. */
const MINOR = new Set([
  "gem",
  "gem_ap",
  "gem_to_coin",
  "coins",
  "markers",
  "action",
  "end_turn",
  "poster_display",
  "fair_refill",
  "swap",
]);

/** The others' turns since the viewer's own last move, one line each (their moves that
 *  mattered, in the log's words, none cut off), kept until the viewer acts. */
export function turnSummaries(entries) {
  const turns = [];
  for (const e of entries) {
    const seat = e.params.seat;
    const prev = turns.at(-1);
    const turn = prev && prev.seat === seat && !prev.ended ? prev : { seat, lines: [], ended: false };
    if (turn !== prev) turns.push(turn);
    const code = e.code.replace(/^mag\./, "");
    if (code === "end_turn") turn.ended = true;
    // a scored card's points are in its own line already
    const echo = code === "vp" && turn.last === "score_card";
    if (!MINOR.has(code) && !echo) turn.lines.push(e.text);
    turn.last = code;
  }
  return turns.filter((t) => t.lines.length);
}

function recent(c) {
  const turns = turnSummaries(othersSince(c));
  if (!turns.length) return null;
  return h(
    "ul",
    { class: "mgn-recent", testid: "mgn-recent", "aria-label": c.w("recent") },
    turns.map((t, i) =>
      h(
        "li",
        { testid: `mgn-recent-${i}`, dataset: { seat: String(t.seat) } },
        // the name once: "Bot 2 takes … · builds … · takes the poster …" (each line opens on it)
        t.lines
          .map((x, k) => {
            const name = nameOf(c, t.seat).replace(/[\u2066-\u2069]/g, ""); // without its bidi isolates
            const line = x.replace(/\.$/, "");
            return k && line.startsWith(`${name} `) ? line.slice(name.length + 1) : line;
          })
          .join(" · "),
      ),
    ),
  );
}
