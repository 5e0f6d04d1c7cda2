// Trickerion's board: the main board (tracks, Downtown, Market Row, Dark Alley, Theater, the
// Residence's trick decks) and every player's area, drawn from the viewer's view; legal targets
// (from snapshot.legal, grouped by what they act on) are highlighted and played by clicking.
// One matching action plays at once; several open a small panel next to the target.
// Test ids are listed in docs/trickerion-page.md.
//
// Each board area is one function of the drawing context `c` (see `context`), drawn by
// board.js (the main board), players.js (the player areas) and strip.js (the decision strip);
// common.js holds the seat marks and the interaction they share. A variant's renderer
// (solo.js) is this one with extension points: makeRenderer(ext).

import {
  Popups,
  inClearView,
  keepPlace,
  loadOnce,
  loadStyles,
  publish,
  redraw,
  restorePlace,
  reveal,
} from "../../ui/board.js";
import { UI, seatBadge, settleAreas, words } from "./common.js";
import { alley, downtown, market, residence } from "./board.js";
import { fameBand, theater, tracks } from "./theater.js";
import { cap, data, loadData, nameOf } from "./data.js";
import { clear, h } from "../../ui/dom.js";
import { decisionStrip, orderedSeats, selectionStep } from "./strip.js";
import { groupTargets } from "./targets.js";
import { playerArea } from "./players.js";

// Linked before the module resolves (the page imports it before the first draw).
await loadStyles([new URL("./trickerion.css", import.meta.url)]);

export { CELL } from "./common.js";

// ---- the renderer -------------------------------------------------------------------------------

/** A Trickerion renderer with the variant's extension points `ext` (all optional):
 *    boardClass             a class added to the board
 *    load(api)              a Promise of the variant's own data, awaited before the first draw
 *    afterTracks(c)         what to draw after the tracks (a node, or null)
 *    perfCard(c, el, card, ci)            decorate a performance card's element
 *    perfCell(c, card, ci, k, x, y)       a node for an empty cell in place of its number, or null
 *    prophecyCard(c, el, id)              decorate a prophecy card's element */
export function makeRenderer(ext = {}) {
  const ready = loadOnce((api) => Promise.all([loadData(api), ext.load?.(api)]));
  const render = (container, snap, api) => {
    const again = () => render(container, snap, api);
    const failed = (error) => {
      console.error("marquee: the Trickerion board could not be drawn; showing its data", error);
      api.generic(container, snap.view, api);
    };
    if (ready(api, again, failed)) draw(context(container, snap, api, ext, again));
  };
  return render;
}

export const render = makeRenderer();

/** Everything one drawing needs: the snapshot, the api, the packs, the legal targets and the
 *  board element with its popups. `drawn` collects the targets that found a place.
 *
 *  One object per board, refilled at each draw: a part of the board kept from an earlier draw
 *  (`area`) keeps that draw's handlers, and they must act on the position now on screen (its
 *  targets, its hash for the why-tooltip, its api), not on the one they were made in. */
function context(container, snap, api, ext, redraw) {
  const D = data();
  const { lang, viewer } = api;
  const w = words(api.t);
  const view = snap.view;
  const targets = groupTargets(snap.legal ?? [], viewer);
  selectionStep(targets, snap, viewer, w);
  const board = liveBoard(container, ext, lang);
  const canAct = viewer !== null && viewer !== undefined && (snap.legal ?? []).length > 0;
  const c = board[CONTEXT];
  // (what a draw works out on the way, such as the dice as rolled, goes with the draw)
  for (const key of Object.keys(c)) delete c[key];
  return Object.assign(c, {
    container,
    snap,
    api,
    ext,
    redraw,
    D,
    lang,
    viewer,
    w,
    view,
    targets,
    board,
    canAct,
    started: performance.now(),
    players: view.players,
    drawn: new Set(),
    kept: [],
    pop: board[POPS],
    areas: board[AREAS],
    me: canAct ? view.players[viewer] : null,
    seatName: (i) => api.seatName(i),
    T: (id) => cap(nameOf(D.locations[id], lang)),
    charName: (kind) => cap(nameOf(D.characters[kind], lang)),
  });
}

const POPS = Symbol("popups");
const CONTEXT = Symbol("context");
const AREAS = Symbol("areas");

/** The board element on screen, kept from one draw to the next with its popups: a draw patches
 *  its contents (ui/morph.js), so the browser lays out and paints again only what changed (a
 *  whole new board of some 3,500 elements cost a bot's every step 60-120 ms of the page's
 *  thread), and the scroll position and focus stay where they were. */
function liveBoard(container, ext, lang) {
  let board = container.firstElementChild;
  if (container.childElementCount !== 1 || board.dataset.testid !== "trk-board") {
    board = h("div", { testid: "trk-board" });
    board[POPS] = new Popups(board, "trk");
    board[CONTEXT] = {};
    // test id of a part of the board -> what it was drawn from, and its element (common.js `area`)
    board[AREAS] = new Map();
  }
  board.className = `trk${ext.boardClass ? ` ${ext.boardClass}` : ""}`;
  // (only when it changes: setting `lang`, even to the same language, restyles the whole board)
  if (board.lang !== lang) board.lang = lang;
  return board;
}

function draw(c) {
  const { container, board } = c;
  const kept = board.parentNode === container;
  c.later = !kept;
  // (the scroll position is not read here: with the page changed around the board, reading it
  // would lay the page out in the middle of the draw; the scroller reports it instead)
  const place = kept ? null : keepPlace(container);
  // a panel or tooltip belongs to the position it was opened in
  c.pop.closePanel();
  c.pop.hideTip();
  const inner = h("div", { class: "trk-inner", style: `zoom:${UI.zoom}` }, boardAreas(c));
  const scroll = h(
    "div",
    {
      class: "trk-scroll",
      testid: "trk-scroll",
      onscroll: (e) => {
        UI.scroll = [e.currentTarget.scrollLeft, e.currentTarget.scrollTop];
      },
    },
    inner,
  );
  // drawn after the areas: it offers what found no place on the board
  const strip = decisionStrip(c);
  redraw(board, h("div", { class: "trk-top" }, strip, zoomControls(c), playerSummary(c)), roundRecap(c), scroll);
  if (!kept) {
    clear(container, board);
    // on the next frame: scrolling a board just made would lay it out now, and the frame
    // lays it out anyway
    requestAnimationFrame(() => {
      if (board.isConnected) restorePlace(board, { ...place, scroller: ".trk-scroll" }, { scroll: UI.scroll });
    });
  }
  // (once the board is on the page: a part not on it is forgotten, and settled before, a new
  // board's parts were all forgotten, so its Residence's draw built every one of them again)
  settleAreas(c);
  finish(c);
  if (c.later) drawLater(c);
}

/** A new board leaves Dahlgaard's Residence (`c.later`: some 1,450 of the board's 2,300
 *  elements, below the players' boards) to a second draw, in a task of its own after the first
 *  frame. Drawn at once, the first frame styled and laid the board out twice in one task (the
 *  second time for the `content-visibility: auto` parts the browser found near the window, the
 *  Residence among them), 40-56 ms of the page's CPU; now the Residence is styled and laid out
 *  in the next frame. A later position drawn meanwhile draws it itself. */
function drawLater(c) {
  const { board } = c;
  const drawn = UI.renders;
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (board.isConnected && UI.renders === drawn) c.redraw();
    }),
  );
}

/** The board's areas from top to bottom: the main board laid out as the box's (round and
 *  initiative tracks along its top edge, Downtown, Market Row and the Dark Alley side by side,
 *  the Theater below them, the fame track along the stage's edge), then the players' boards and
 *  the trick decks of Dahlgaard's Residence beside the board. In the Assignment phase
 *  everything to do is on one's own board: it comes first. */
function boardAreas(c) {
  const { view, viewer, players, ext, w } = c;
  const seats = orderedSeats(viewer, players.length);
  const ownFirst = view.phase === "assign" && viewer !== null && viewer !== undefined;
  return [
    ownFirst ? h("div", { class: "trk-players own" }, playerArea(c, players[viewer], viewer)) : null,
    h(
      "section",
      { class: "trk-mainboard", testid: "trk-mainboard", "aria-label": w("main_board") },
      tracks(c),
      h("div", { class: "trk-locs" }, downtown(c), market(c), alley(c)),
      theater(c),
      fameBand(c),
    ),
    ext.afterTracks?.(c) ?? null,
    h(
      "div",
      { class: "trk-players", testid: "trk-players" },
      (ownFirst ? seats.slice(1) : seats).map((seat) => playerArea(c, players[seat], seat)),
    ),
    residence(c),
  ];
}

function zoomControls(c) {
  const { w } = c;
  const zoomBtn = (label, testid, fn, text) =>
    h("button", { type: "button", class: "ghost zoom", testid, "aria-label": label, title: label, onclick: fn }, text);
  const zl = h("span", { class: "zoom-level", testid: "trk-zoom-level" }, `${Math.round(UI.zoom * 100)}%`);
  // (the board's own elements at the click: a later draw may have kept older ones)
  const setZoom = (z) => {
    UI.zoom = Math.max(0.5, Math.min(2, Math.round(z * 10) / 10));
    c.board.querySelector(".trk-inner").style.zoom = String(UI.zoom);
    c.board.querySelector(".zoom-level").textContent = `${Math.round(UI.zoom * 100)}%`;
  };
  return h(
    "div",
    { class: "trk-zoom", role: "group" },
    zoomBtn(w("zoom_out"), "trk-zoom-out", () => setZoom(UI.zoom - 0.1), "−"),
    zl,
    zoomBtn(w("zoom_in"), "trk-zoom-in", () => setZoom(UI.zoom + 0.1), "+"),
    zoomBtn(w("zoom_fit"), "trk-zoom-fit", () => setZoom(1), "⤢"),
  );
}

/** The board's data for tests and figures (docs/trickerion-page.md). */
function finish(c) {
  const { board, targets, viewer } = c;
  board.dataset.targets = String(targets.size);
  UI.renders += 1;
  board.dataset.render = String(UI.renders);
  // (a part kept from an earlier draw may still show the character chosen then)
  const chosen = UI.selected && board.querySelector(`[data-target="char-${viewer}-${UI.selected.char}"]`);
  for (const el of board.querySelectorAll(".selected")) if (el !== chosen) el.classList.remove("selected");
  if (UI.selected) {
    board.dataset.selected = String(UI.selected.char);
    chosen?.classList.add("selected");
  }
  markMoved(c);
  // (measuring now would lay the page out in the middle of the draw)
  requestAnimationFrame(() => bringIntoView(c));
  board.dataset.renderMs = String(Math.round((performance.now() - c.started) * 10) / 10);
  publish("trickerion", {
    renderMs: Number(board.dataset.renderMs),
    // the parts of the board this draw kept as they were (common.js `area`)
    kept: c.kept,
    targets: [...targets.keys()],
    // key -> the legal actions' indexes it offers (-1: choose the character for placing)
    groups: Object.fromEntries([...targets].map(([k, es]) => [k, es.map((e) => e.index)])),
  });
}

/** Always in view (in the sticky top): one chip per player with what a player board shows at a
 *  glance — fame, coins, shards, characters placed, tricks (prepared markers), hand size; a
 *  click brings that player's area into view. */
function playerSummary(c) {
  const { players, w, snap } = c;
  const chips = orderedSeats(c.viewer, players.length).map((seat) => {
    const p = players[seat];
    const placed = p.chars.filter((ch) => ch.slot >= 0).length;
    const markers = p.tricks.reduce((n, t) => n + t.markers, 0);
    const acting = snap.to_act.seats.includes(seat) && snap.to_act.kind !== "terminal";
    const hand = p.hand_count ?? Object.values(p.hand ?? {}).reduce((a, b) => a + b, 0);
    // [symbol and figure, the same in words] — the words are the tooltip and what a screen
    // reader reads in place of the symbols (the chip's name is its text: no aria-label that
    // would hide the name a person sees, WCAG 2.5.3)
    const parts = [
      [`★ ${p.fame}`, `${w("fame")} ${p.fame}`],
      [`¢ ${p.coins}`, `${w("coins")} ${p.coins}`],
      [`◆ ${p.shards}`, `${w("shards")} ${p.shards}`],
      [`♟ ${placed}/${p.chars.length}`, `${w("characters")} ${placed}/${p.chars.length}`],
      [`♠ ${p.tricks.length} ▣ ${markers}`, `${w("tricks")} ${p.tricks.length}, ${w("markers")} ${markers}`],
      [`✉ ${hand}`, `${w("hand")} ${hand}`],
    ];
    return h(
      "button",
      {
        type: "button",
        class: `pchip seat-${seat % 4}${acting ? " acting" : ""}`,
        testid: `trk-pchip-${seat}`,
        onclick: () => c.board.querySelector(`[data-testid="trk-player-${seat}"]`)?.scrollIntoView({ block: "start" }),
      },
      seatBadge(seat),
      h("strong", {}, c.seatName(seat)),
      parts.map(([t, words]) =>
        h(
          "span",
          { title: words },
          h("span", { "aria-hidden": "true" }, t),
          h("span", { class: "visually-hidden" }, `, ${words}`),
        ),
      ),
    );
  });
  return h("div", { class: "trk-summary", testid: "trk-summary" }, chips);
}

/** The board's positions that a move can change, by the test id of the element that shows them. */
function positions(c) {
  const { view, players } = c;
  const out = new Map();
  view.slots.forEach((v, i) => out.set(`trk-slot-${i}`, v));
  view.dice.forEach((f, i) => out.set(`trk-die-${i}`, f));
  view.row.forEach((card, ci) =>
    card.m.forEach((m, k) => out.set(`trk-cell-${ci}-${k}`, `${card.id}:${m}:${card.o?.[k]}`)),
  );
  players.forEach((p, seat) => {
    out.set(`trk-fame-${seat}`, p.fame);
    out.set(`trk-coins-${seat}`, p.coins);
    out.set(`trk-shards-${seat}`, p.shards);
  });
  return out;
}

/** Highlight what others, bots or chance changed since the viewer's own last move: what the
 *  latest step changed arrives with a short animation ("arrived": the piece drops in, the
 *  place glows; none with prefers-reduced-motion) and is listed in the board's data-fresh;
 *  everything changed since keeps a steady outline until the viewer moves again. */
function markMoved(c) {
  const now = positions(c);
  const fresh = [];
  if (UI.prev && UI.prev.step !== c.snap.step) {
    // the viewer had the move at the last drawing: this change is (mostly) the viewer's own
    if (UI.prev.mine) UI.moved.clear();
    else
      for (const [id, v] of now)
        if (UI.prev.pos.has(id) && UI.prev.pos.get(id) !== v) {
          UI.moved.add(id);
          fresh.push(id);
        }
  }
  UI.prev = { step: c.snap.step, pos: now, mine: c.canAct };
  // a part kept from an earlier draw (common.js `area`) still wears that draw's marks
  for (const el of c.board.querySelectorAll(".moved, .arrived")) {
    const id = el.dataset.testid;
    if (!UI.moved.has(id)) {
      el.classList.remove("moved");
      el.removeAttribute("data-moved");
    }
    if (!fresh.includes(id)) el.classList.remove("arrived");
  }
  for (const id of UI.moved) {
    const el = c.board.querySelector(`[data-testid="${id}"]`);
    if (el) {
      el.classList.add("moved");
      if (!el.querySelector?.(":scope > title")) el.setAttribute("data-moved", c.w("moved"));
    }
  }
  for (const id of fresh) {
    const el = c.board.querySelector(`[data-testid="${id}"]`);
    if (!el) continue;
    el.classList.add("arrived");
    // A place that arrived at the last draw too is the same element (kept by the patch): its
    // animation plays again under the other name (trickerion.css), a CSS animation restarting
    // only when its name changes.
    const n = (UI.arrivals.get(id) ?? 0) + 1;
    UI.arrivals.set(id, n);
    el.dataset.arrival = String(n % 2);
  }
  c.board.dataset.moved = String(UI.moved.size);
  c.board.dataset.fresh = fresh.join(" ");
  c.board.dataset.freshStep = String(c.snap.step);
}

/** After a round ends: wages, orders arriving, characters joining, the new prophecy, dice and
 *  initiative, as the log tells them, until the viewer dismisses it. Repeated lines merge (×n). */
function roundRecap(c) {
  const { snap, view, w } = c;
  const log = snap.log ?? [];
  let k = log.length - 1;
  while (k >= 0 && log[k].code !== "trickerion.end_of_round") k -= 1;
  if (k < 0 || UI.recap === log[k].params.round || !["roll", "advertise", "assign"].includes(view.phase)) return null;
  const round = log[k].params.round;
  const lines = [];
  for (const e of log.slice(k)) {
    if (e.code === "trickerion.assignment_phase") break;
    const last = lines[lines.length - 1];
    if (last && last.text === e.text) last.n += 1;
    else lines.push({ text: e.text, n: 1 });
  }
  const close = () => {
    UI.recap = round;
    c.redraw();
  };
  return h(
    "section",
    { class: "trk-recap", testid: "trk-recap", role: "status", dataset: { round: String(round) } },
    h("h3", {}, w("recap", { n: round })),
    h(
      "ul",
      {},
      lines.map((l) => h("li", {}, l.text, l.n > 1 ? ` ×${l.n}` : "")),
    ),
    h("button", { type: "button", class: "trk-decide", testid: "trk-recap-ok", onclick: close }, w("recap_ok")),
  );
}

/** Whenever the viewer must decide and no lit target is on screen: scroll so that one is (in
 *  Assignment the viewer's own area). At the end of the game, once: the final scores. Run on
 *  the frame after the draw (the page may lay out or redraw around the board). */
function bringIntoView(c) {
  const { board, snap } = c;
  if (!board.isConnected) return;
  if (snap.to_act.kind === "terminal") {
    const scores = document.querySelector('[data-testid="score-table"]');
    if (UI.shown === snap.step || !scores?.offsetParent) return;
    UI.shown = snap.step;
    scores.scrollIntoView({ block: "start" });
    return;
  }
  if (!c.canAct) {
    // the place the latest step changed comes into view
    const first = board.querySelector(".trk-scroll .arrived");
    // (at once, never smoothly: a scroll still under way would carry the next decision's
    // targets away after they were brought into view)
    if (first && !inClearView(first)) reveal(first);
    return;
  }
  // a chosen character: its slots are what is to be decided; a decision with no target on the
  // board (Advertise, the setup's choices) is answered in the strip, which a phone scrolls away
  const shown = (selector) => [...board.querySelectorAll(selector)].filter((el) => el.getClientRects().length);
  const onBoard = shown(UI.selected ? '.trk-scroll [data-target^="slot-"]' : ".trk-scroll [data-target]");
  const lit = onBoard.length ? onBoard : shown(".trk-top [data-target]");
  if (!lit.length || lit.some(inClearView)) return;
  const own = c.view.phase === "assign" ? board.querySelector(".trk-players.own") : null;
  if (own) own.scrollIntoView({ block: "start" });
  // under the sticky strip after all (a tall strip): into the clear part
  if (!lit.some(inClearView)) reveal(lit[0]);
}
