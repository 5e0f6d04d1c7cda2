// Trickerion's board: the main board (tracks, Downtown, Market Row, Dark Alley, Theater, the
// Residence's trick decks) and every player's area, drawn from the viewer's view; legal targets
// (from snapshot.legal, grouped by what they act on) are highlighted and played by clicking.
// One matching action plays at once; several open a small panel next to the target.
// Test ids are listed in docs/trickerion-page.md.
//
// Each board area is one function of the drawing context `c` (see `context`). A variant's
// renderer (trickerion/solo.js) is this one with extension points: makeRenderer(ext).

import { h, clear, listen } from "../ui/dom.js";
import { morph } from "../ui/morph.js";
import {
  svg as s,
  activate,
  hover,
  whyNot,
  Popups,
  keepPlace,
  restorePlace,
  loadOnce,
  loadStyles,
} from "../ui/board.js";
import { data, loadData, nameOf, cap, textOf, SLOT, DAYS } from "./trickerion/data.js";
import { groupTargets } from "./trickerion/targets.js";
import { tipContent, nameNode } from "./trickerion/tips.js";
import { propIcon, charIcon, schoolIcon, yieldIcon } from "./trickerion/icons.js";
import {
  describe,
  DESTRUCTIVE,
  slotName,
  perfName,
  actionMenu,
  locationActions,
  apCost,
  charLabel,
} from "./trickerion/describe.js";

export const SEAT_COLORS = ["#c8372d", "#2563c9", "#1f8a47", "#d99a00"];
const SEAT_SHAPES = ["circle", "square", "diamond", "triangle"];
const SYMBOLS = ["♠", "♥", "♦", "♣"];
// performance card geometry (SVG units): cell size and padding
export const CELL = 50;
export const PAD = 10;

// `shown`: the final step whose scores were brought into view;
// `moved`: what changed on the board since the viewer's own last move (others, bots, chance);
// `prev`: the last drawn board's positions; `recap`: the round whose recap was dismissed;
// `arrivals`: how many times each place arrived (its animation's name alternates).
const UI = {
  zoom: 1,
  scroll: null,
  selected: null,
  renders: 0,
  shown: -1,
  moved: new Set(),
  prev: null,
  recap: 0,
  arrivals: new Map(),
};

// Linked before the module resolves (the page imports it before the first draw).
await loadStyles([new URL("./trickerion/trickerion.css", import.meta.url)]);

/** A seat's token: its colour, its shape and its number (colour is never the only cue). */
function seatToken(seat, x, y, r, label = String(seat + 1)) {
  const fill = SEAT_COLORS[seat % 4];
  const shape = SEAT_SHAPES[seat % 4];
  let body;
  if (shape === "circle") body = s("circle", { cx: x, cy: y, r });
  else if (shape === "square")
    body = s("rect", { x: x - r * 0.9, y: y - r * 0.9, width: r * 1.8, height: r * 1.8, rx: 2 });
  else if (shape === "diamond")
    body = s("polygon", {
      points: `${x},${y - r * 1.15} ${x + r * 1.15},${y} ${x},${y + r * 1.15} ${x - r * 1.15},${y}`,
    });
  else
    body = s("polygon", {
      points: `${x},${y - r * 1.2} ${x + r * 1.15},${y + r * 0.85} ${x - r * 1.15},${y + r * 0.85}`,
    });
  body.setAttribute("fill", fill);
  body.setAttribute("stroke", "#1b1b1b");
  body.setAttribute("stroke-width", "1.2");
  return s(
    "g",
    { class: "seat-token" },
    body,
    s(
      "text",
      {
        x,
        y: y + (shape === "triangle" ? r * 0.35 : r * 0.1),
        class: "tok-text",
        "font-size": r * (label.length > 2 ? 0.8 : 1.05),
        fill: seat % 4 === 3 ? "#1b1b1b" : "#fff",
      },
      label,
    ),
  );
}

function seatBadge(seat) {
  return h(
    "span",
    { class: `seat-badge-mini seat-${seat % 4}`, "aria-hidden": "true" },
    h("span", { class: "shape" }),
    h("span", { class: "num" }, String(seat + 1)),
  );
}

/** A character kind's token letters in the page's language ("M", "Ap"; RU "И", "Уч"). */
const abbr = (c, kind) => (kind ? c.w(`abbr.${kind}`) : "");

// The board's own words: the catalog's `ui.trk.*` strings (engine/games/trickerion/messages.json).
const words = (t) => (key, params) => t(`ui.trk.${key}`, params);

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
 *  board element with its popups. `drawn` collects the targets that found a place. */
function context(container, snap, api, ext, redraw) {
  const D = data();
  const { lang, viewer } = api;
  const w = words(api.t);
  const view = snap.view;
  const targets = groupTargets(snap.legal ?? [], viewer);
  selectionStep(targets, snap, viewer, w);
  const board = liveBoard(container, ext, lang);
  const canAct = viewer !== null && viewer !== undefined && (snap.legal ?? []).length > 0;
  return {
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
    pop: board[POPS],
    me: canAct ? view.players[viewer] : null,
    seatName: (i) => api.seatName(i),
    T: (id) => cap(nameOf(D.locations[id], lang)),
    charName: (kind) => cap(nameOf(D.characters[kind], lang)),
  };
}

const POPS = Symbol("popups");

/** The board element on screen, kept from one draw to the next with its popups: a draw patches
 *  its contents (ui/morph.js), so the browser lays out and paints again only what changed (a
 *  whole new board of some 3,500 elements cost a bot's every step 60-120 ms of the page's
 *  thread), and the scroll position and focus stay where they were. */
function liveBoard(container, ext, lang) {
  let board = container.firstElementChild;
  if (container.childElementCount !== 1 || board.dataset.testid !== "trk-board") {
    board = h("div", { testid: "trk-board" });
    board[POPS] = new Popups(board, "trk");
  }
  board.className = `trk${ext.boardClass ? ` ${ext.boardClass}` : ""}`;
  board.lang = lang;
  return board;
}

function draw(c) {
  const { container, board } = c;
  const kept = board.parentNode === container;
  // (the scroll position is not read here: with the page changed around the board, reading it
  // would lay the page out in the middle of the draw; the scroller reports it instead)
  const place = keepPlace(container);
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
  morph(board, h("div", { class: "trk-top" }, strip, zoomControls(c), playerSummary(c)), roundRecap(c), scroll);
  if (!kept) {
    clear(container, board);
    // on the next frame: scrolling a board just made would lay it out now, and the frame
    // lays it out anyway
    requestAnimationFrame(() => {
      if (board.isConnected) restorePlace(board, { ...place, scroller: ".trk-scroll" }, { scroll: UI.scroll });
    });
  } else if (!board.contains(document.activeElement)) {
    // the focused element was replaced (its test id changed place)
    restorePlace(board, place);
  }
  finish(c);
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
  if (UI.selected) {
    board.dataset.selected = String(UI.selected.char);
    board.querySelector(`[data-target="char-${viewer}-${UI.selected.char}"]`)?.classList.add("selected");
  }
  markMoved(c);
  // (measuring now would lay the page out in the middle of the draw)
  requestAnimationFrame(() => bringIntoView(c));
  board.dataset.renderMs = String(Math.round((performance.now() - c.started) * 10) / 10);
  window.marqueeTrickerion = {
    renderMs: Number(board.dataset.renderMs),
    targets: [...targets.keys()],
    // key -> the legal actions' indexes it offers (-1: choose the character for placing)
    groups: Object.fromEntries([...targets].map(([k, es]) => [k, es.map((e) => e.index)])),
  };
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
    // [symbol and figure, the same in words] — the words are the tooltip and the aria-label
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
        "aria-label": `${c.seatName(seat)}: ${parts.map(([, words]) => words).join(", ")}`,
        onclick: () => c.board.querySelector(`[data-testid="trk-player-${seat}"]`)?.scrollIntoView({ block: "start" }),
      },
      seatBadge(seat),
      h("strong", {}, c.seatName(seat)),
      parts.map(([t, words]) => h("span", { title: words }, t)),
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
  const top = board.querySelector(".trk-top")?.getBoundingClientRect().bottom ?? 0;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= Math.max(0, top) && r.bottom <= window.innerHeight;
  };
  if (!c.canAct) {
    // the place the latest step changed comes into view
    const first = board.querySelector(".trk-scroll .arrived");
    // (at once, never smoothly: a scroll still under way would carry the next decision's
    // targets away after they were brought into view)
    if (first && !visible(first)) first.scrollIntoView({ block: "center" });
    return;
  }
  // a chosen character: its slots are what is to be decided
  const lit = [
    ...board.querySelectorAll(UI.selected ? '.trk-scroll [data-target^="slot-"]' : ".trk-scroll [data-target]"),
  ];
  if (!lit.length || lit.some(visible)) return;
  const own = c.view.phase === "assign" ? board.querySelector(".trk-players.own") : null;
  (own ?? lit[0]).scrollIntoView({ block: own ? "start" : "center" });
  // under the sticky top after all (a tall strip): a little further
  if (own && !lit.some(visible)) lit[0].scrollIntoView({ block: "center" });
}

// ---- interaction ------------------------------------------------------------------------------

/** Play what `key` offers: at once when it is one action, else from a panel next to `el`. */
function choose(c, key, el, title) {
  const entries = c.targets.get(key);
  if (!entries) return;
  const run = (e) => {
    c.pop.closePanel();
    if (e.select !== undefined) {
      UI.selected = e.select === null ? null : { step: c.snap.step, char: e.select };
      c.redraw();
      const slot = UI.selected && c.container.querySelector('[data-target^="slot-"]');
      const back = c.container.querySelector(`[data-target="${key}"]`);
      (slot ?? back)?.focus({ preventScroll: true });
      (slot ?? back)?.scrollIntoView?.({ block: "center" });
      return;
    }
    if (DESTRUCTIVE.has(e.action?.type)) {
      confirmGiveUp(c, e, el);
      return;
    }
    c.api.act(e.action).catch(() => {});
  };
  if (entries.length === 1 && !DESTRUCTIVE.has(entries[0].action?.type)) {
    run(entries[0]);
    return;
  }
  c.pop.openPanel(el, {
    title,
    label: c.w("choose_here", { what: title }),
    closeLabel: c.w("close"),
    choices: entries.map((e) => {
      const first = friendly(c, e);
      return {
        class: e.select !== undefined ? "select" : DESTRUCTIVE.has(e.action?.type) ? "danger" : "",
        testid: e.select !== undefined ? "trk-choice-select" : `trk-choice-${e.index}`,
        index: e.index,
        body: first ? [h("strong", {}, first), h("small", {}, e.label)] : e.label,
        pick: () => run(e),
      };
    }),
  });
  showPanel(c);
}

/** An open panel is read where it opened: scrolled into the window as a whole when it does not
 *  fit below or above its target (a long list of props to order). */
function showPanel(c) {
  c.pop.panel?.scrollIntoView({ block: "nearest" });
}

/** A choice's first line: what it costs and what it gives (describe.js); the engine's label
 *  stays as the detail. */
function friendly(c, e) {
  return e.action ? describe(c, e.action) : null;
}

/** Giving a trick or props back is never one click: a second panel asks to confirm. */
function confirmGiveUp(c, e, el) {
  const what = friendly(c, e) ?? e.label;
  // after the click that chose it has finished bubbling (the board closes panels on a click)
  setTimeout(() => {
    c.pop.openPanel(el, {
      title: c.w("confirm_title"),
      label: c.w("confirm_title"),
      closeLabel: c.w("close"),
      choices: [
        { class: "keep", testid: "trk-confirm-no", index: -2, body: c.w("confirm_no"), pick: () => el.focus?.() },
        {
          class: "danger",
          testid: "trk-confirm-yes",
          index: e.index,
          body: c.w("confirm_yes", { what: what.replace(/…$/, "") }),
          pick: () => c.api.act(e.action).catch(() => {}),
        },
      ],
    });
    showPanel(c);
  });
}

function showTip(c, el, key) {
  c.pop.showTip(el, tipContent(key, c.lang, c.w));
}

function wireTip(c, el, key) {
  return hover(
    el,
    (target) => showTip(c, target, key),
    () => c.pop.hideTip(),
  );
}

/** Pointing at a place that is not a legal target says why (the engine's refusal of `probe()`). */
function explain(c, el, probe) {
  if (!c.canAct || !probe) return;
  c.pop.explain(el, probe, (action) => whyNot(c.api, c.snap.hash ?? c.snap.step, action));
}

/** The character a player would try at `location`: one whose card sends it there, else any
 *  character still at home. */
function probeChar(c, location) {
  const free = (c.me?.chars ?? [])
    .map((ch, i) => [ch, i])
    .filter(([ch]) => ch.slot < 0 && ch.card && !ch.idle && !ch.assist);
  const cardLoc = (card) => c.D.specials[card]?.location ?? card;
  const hit = free.find(([ch]) => cardLoc(ch.card) === location) ?? free[0];
  return hit ? hit[1] : -1;
}

/** Make `el` (HTML or SVG) a target if `key` is legal, and give it a tooltip if `tipKey`. */
function wire(c, el, key, title, tipKey) {
  if (tipKey) {
    wireTip(c, el, tipKey);
    el.dataset.tip = tipKey;
    if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
  }
  if (key && c.targets.has(key)) {
    const entries = c.targets.get(key);
    c.drawn.add(key);
    const forced = c.view.act?.seat === c.viewer;
    if (!forced && entries.every((e) => DESTRUCTIVE.has(e.action?.type))) {
      el.classList.add("quiet");
      el.setAttribute("data-quiet", key);
      if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
      activate(el, (e) => choose(c, key, e.currentTarget, title));
      return el;
    }
    el.classList.add("hot");
    if (!el.hasAttribute("data-testid")) el.setAttribute("data-testid", `trk-t-${key}`);
    el.setAttribute("data-target", key);
    el.setAttribute("data-count", String(entries.length));
    el.setAttribute(
      "aria-label",
      entries.length === 1
        ? (friendly(c, entries[0]) ?? entries[0].label)
        : `${title} (${c.w("choices", { n: entries.length })})`,
    );
    activate(el, (e) => choose(c, key, e.currentTarget, title));
  }
  return el;
}

// ---- board parts ------------------------------------------------------------------------------

const occupant = (v) => (v >= 0 ? { seat: Math.floor(v / 16), char: v % 16 } : null);

function slotSvg(c, slotIndex, mod) {
  const { view, players, w, viewer } = c;
  const v = view.slots[slotIndex];
  const occ = occupant(v);
  const g = s(
    "svg",
    { class: "slot", viewBox: "0 0 56 62", width: 46, height: 51, role: "img" },
    s("rect", { x: 3, y: 3, width: 50, height: 44, rx: 8, class: v === -2 ? "slot-box blocked" : "slot-box" }),
    s("text", { x: 28, y: 59, class: "slot-mod" }, mod > 0 ? `+${mod}` : String(mod)),
  );
  if (v === -2) g.append(s("path", { d: "M10 10 L46 40 M46 10 L10 40", class: "slot-x" }));
  if (occ) {
    const kind = players[occ.seat]?.chars[occ.char]?.kind ?? "";
    g.append(seatToken(occ.seat, 28, 25, 15, `${occ.seat + 1}${abbr(c, kind)}`));
  }
  const title = slotName(c, slotIndex);
  const desc = `${title}: ${
    v === -2
      ? w("blocked")
      : occ
        ? `${c.seatName(occ.seat)} · ${c.charName(players[occ.seat]?.chars[occ.char]?.kind)}`
        : w("free")
  }`;
  g.setAttribute("aria-label", desc);
  const wrap = h(
    "div",
    { class: "slot-wrap", title: desc, dataset: { slot: String(slotIndex) }, testid: `trk-slot-${slotIndex}` },
    g,
  );
  wire(c, wrap, `slot-${slotIndex}`, title);
  if (v === -2 && c.canAct) {
    // the real reason, not the engine's "not free": the slot is unused at this player count
    c.pop.explain(
      wrap,
      () => ({}),
      () => Promise.resolve(w("blocked_n", { n: players.length })),
    );
  } else if (!c.targets.has(`slot-${slotIndex}`) && view.phase === "place") {
    explain(c, wrap, () => {
      const [location, slot] = slotLocation(slotIndex);
      const ci = probeChar(c, location);
      if (ci < 0) return null;
      if (location === "workshop" && Math.floor((slotIndex - SLOT.workshop) / 2) !== viewer) return null;
      return { type: "place_character", character: ci, location, slot };
    });
  }
  return wrap;
}

function locationSlots(c, loc) {
  const base = SLOT[loc];
  return h(
    "div",
    { class: "slot-row", "aria-label": c.w("slots") },
    c.D.locations[loc].slots.map((sl, i) => slotSvg(c, base + i, sl.ap_modifier)),
  );
}

function dieFace(c, face) {
  const { D } = c;
  if (face === "x") return "X";
  if (D.schools[face]) return schoolIcon(face, 18);
  if (face === "any") return "?";
  if (D.characters[face]) return abbr(c, face);
  return face;
}

function dieTitle(c, face) {
  const { D, w } = c;
  if (face === "x") return w("used_die");
  if (D.schools[face]) return cap(nameOf(D.schools[face], c.lang));
  if (face === "any") return w("any");
  if (D.characters[face]) return c.charName(face);
  return w("n_coins", { n: face });
}

/** The dice as rolled this round (rerolls and set faces included), from the log: a die that
 *  shows X now but was rolled otherwise has been used. */
function rolledDice(c) {
  const log = c.snap.log ?? [];
  let k = log.length - 1;
  while (k >= 0 && log[k].code !== "trickerion.dice_rolled") k -= 1;
  if (k < 0) return null;
  const dice = [...(log[k].params.dice ?? [])];
  for (const e of log.slice(k + 1)) {
    if (e.code === "trickerion.die_rerolled" || e.code === "trickerion.die_set") dice[e.params.die] = e.params.face;
  }
  return dice;
}

function die(c, i) {
  const face = c.view.dice[i];
  c.rolled ??= rolledDice(c);
  // before this game's first roll the dice show nothing (not "used", not X)
  if (!c.rolled)
    return h("div", { class: "die unrolled", testid: `trk-die-${i}`, dataset: { face: "", used: "false" } });
  const used = face === "x" && c.rolled[i] !== undefined && c.rolled[i] !== "x";
  const cls = c.D.schools[face] ? ` s-${face}` : "";
  const state = used ? " used" : face === "x" ? " x-face" : "";
  const title = used ? c.w("die_used") : face === "x" ? c.w("die_rolled_x") : dieTitle(c, face);
  const el = h(
    "div",
    { class: `die${state}${cls}`, testid: `trk-die-${i}`, title, dataset: { face, used: String(used) } },
    h("span", {}, used ? "" : dieFace(c, face)),
  );
  wire(c, el, `die-${i}`, `${c.w("die_n", { n: i + 1 })}: ${dieTitle(c, face)}`);
  if (!c.targets.has(`die-${i}`) && c.view.phase === "place")
    explain(c, el, () => ({ type: i >= 4 ? "take_coins" : "reroll_die", die: i }));
  return el;
}

function downtown(c) {
  const { w } = c;
  return h(
    "section",
    { class: "loc loc-downtown", testid: "trk-downtown" },
    h("h3", {}, c.T("downtown"), locHelp(c, "downtown")),
    h(
      "div",
      { class: "dice-areas" },
      h("div", { class: "dice-area" }, h("span", { class: "area-name" }, w("residence")), die(c, 0), die(c, 1)),
      h("div", { class: "dice-area" }, h("span", { class: "area-name" }, w("inn")), die(c, 2), die(c, 3)),
      h("div", { class: "dice-area" }, h("span", { class: "area-name" }, w("bank")), die(c, 4), die(c, 5)),
    ),
    locationSlots(c, "downtown"),
  );
}

/** A "?" by a location's name: its actions with their AP costs, and the hints that save moves. */
function locHelp(c, loc) {
  const { w, lang } = c;
  const hints = { theater: ["help_ap", "hint_prepare"], workshop: ["hint_components", "hint_prepare"] }[loc] ?? [
    "help_ap",
  ];
  const content = () =>
    h(
      "div",
      { class: "tip" },
      h("h4", {}, `${c.T(loc)} — ${w("help")}`),
      h(
        "dl",
        {},
        locationActions(c, loc).map((a) =>
          h(
            "div",
            { class: "tip-row" },
            h("dt", {}, nameOf(a, lang)),
            h("dd", {}, a.ap === null ? w("ap_varies") : w("n_ap", { n: apCost(c, a.id) })),
          ),
        ),
      ),
      hints.map((k) => h("p", { class: "tip-note" }, w(k))),
    );
  const el = h(
    "button",
    { type: "button", class: "loc-help", testid: `trk-help-${loc}`, "aria-label": `${c.T(loc)}: ${w("help")}` },
    "?",
  );
  hover(
    el,
    (target) => c.pop.showTip(target, content()),
    () => c.pop.hideTip(),
  );
  listen(el, "click", (e) => {
    e.stopPropagation();
    c.pop.showTip(e.currentTarget, content());
  });
  return el;
}

function propChip(c, prop, n, opts = {}) {
  const { w, lang } = c;
  const p = c.D.props[prop];
  const el = h(
    "span",
    { class: `prop-chip tier-${p?.tier ?? "basic"}${opts.mgr ? " mgr" : ""}`, testid: opts.testid, dataset: { prop } },
    propIcon(prop),
    h("span", { class: "prop-name" }, nameNode(p, lang, w, true)),
    n !== undefined ? h("span", { class: "prop-n" }, `×${n}`) : null,
    p ? h("span", { class: "prop-cost", "aria-label": w("n_coins", { n: p.cost }) }, `${p.cost}¢`) : null,
  );
  return wire(c, el, opts.key, cap(nameOf(p, lang)), `prop:${prop}`);
}

function market(c) {
  const { w } = c;
  const m = c.view.market;
  const area = (ids, kind) =>
    ids.map((prop, i) =>
      h(
        "div",
        { class: "mk-slot", testid: `trk-${kind}-${i}` },
        prop
          ? propChip(c, prop, undefined, { key: kind === "buy" ? `buy-${prop}` : null })
          : h("span", { class: "muted" }, "—"),
      ),
    );
  const orderSlots = m.order.map((prop, i) => {
    const el = h(
      "div",
      { class: "mk-slot order", testid: `trk-order-${i}` },
      prop ? propChip(c, prop) : h("span", { class: "muted" }, w("free")),
    );
    return wire(c, el, `order-${i}`, `${w("order_area")} ${i + 1}`);
  });
  const quick = wire(
    c,
    h(
      "div",
      { class: "mk-slot quick", testid: "trk-quick" },
      m.quick ? propChip(c, m.quick) : h("span", { class: "muted" }, w("free")),
    ),
    "quick",
    w("quick_order"),
  );
  // stock props that are buyable but not in the buy area (ordered ones, Logistics)
  const extra = m.extra.map((prop, i) =>
    h("div", { class: "mk-slot", testid: `trk-extra-${i}` }, propChip(c, prop, undefined, { key: `buy-${prop}` })),
  );
  return h(
    "section",
    { class: "loc loc-market", testid: "trk-market" },
    h("h3", {}, c.T("market_row"), locHelp(c, "market_row")),
    h("div", { class: "mk-row" }, h("span", { class: "area-name" }, w("buy_area")), area(m.buy, "buy"), extra),
    h("div", { class: "mk-row" }, h("span", { class: "area-name" }, w("order_area")), orderSlots),
    h("div", { class: "mk-row" }, h("span", { class: "area-name" }, w("quick_order")), quick),
    locationSlots(c, "market_row"),
  );
}

function prophecyCard(c, id, active) {
  const p = c.D.prophecies[id];
  const el = h(
    "div",
    { class: `prophecy${active ? " active" : ""}`, testid: `trk-prophecy-${id}` },
    h("span", { class: "proph-id" }, p?.bga_id ?? id),
    h("span", { class: "proph-text" }, p ? textOf(p.text, c.lang) : id),
  );
  wire(c, el, `prophecy-${id}`, p?.bga_id ?? id, `prophecy:${id}`);
  c.ext.prophecyCard?.(c, el, id);
  return el;
}

function alley(c) {
  const { snap, view, w, viewer } = c;
  if (!snap.options?.dark_alley) return null;
  const decks = ["downtown", "market_row", "workshop", "theater"].map((loc) =>
    wire(
      c,
      h(
        "div",
        { class: "deck", testid: `trk-deck-${loc}` },
        h("span", { class: "deck-name" }, c.T(loc)),
        h("span", { class: "deck-n" }, w("deck_count", { n: view.decks[loc] ?? 0 })),
      ),
      `deck-${loc}`,
      c.T(loc),
    ),
  );
  const fortune = wire(
    c,
    h("div", { class: "fortune", testid: "trk-fortune" }, "✦ ", w("fortune_teller")),
    "fortune",
    w("fortune_teller"),
  );
  const keep = (view.pending ?? []).filter((p) => p.kind === "keep_card" && p.seat === viewer);
  return h(
    "section",
    { class: "loc loc-alley", testid: "trk-alley" },
    h("h3", {}, c.T("dark_alley"), locHelp(c, "dark_alley")),
    h("div", { class: "decks", "aria-label": w("decks") }, decks),
    snap.options?.prophecies
      ? h(
          "div",
          { class: "prophecies" },
          h(
            "div",
            { class: "proph-col" },
            h("span", { class: "area-name" }, w("prophecy_active")),
            view.prophecy ? prophecyCard(c, view.prophecy, true) : h("span", { class: "muted" }, "—"),
          ),
          h(
            "div",
            { class: "proph-col" },
            h(
              "span",
              { class: "area-name" },
              w("prophecy_pending"),
              " · ",
              w("prophecy_stack", { n: view.prophecy_stack }),
            ),
            view.pending_prophecies.map((id) => prophecyCard(c, id, false)),
          ),
          fortune,
        )
      : null,
    keep.length
      ? h(
          "div",
          { class: "keep", testid: "trk-keep" },
          h("span", { class: "area-name" }, w("drawn")),
          keep[0].cards.map((card) => specialCard(c, card, `keep-${card}`)),
        )
      : null,
    locationSlots(c, "dark_alley"),
  );
}

function specialCard(c, id, key) {
  const card = c.D.specials[id];
  const el = h(
    "div",
    { class: "special-card", testid: `trk-special-${id}` },
    h("strong", {}, card ? nameNode(card, c.lang, c.w) : id),
    card ? h("span", { class: "sc-loc" }, c.T(card.location)) : null,
  );
  return wire(c, el, key, nameOf(card, c.lang), `special:${id}`);
}

/** One cell of a performance card: its box, and the trick marker on it or its number. */
function perfCell(c, card, ci, k, x, y) {
  const { D, players, lang, w } = c;
  const C = CELL;
  const m = card.m[k];
  const g = s(
    "g",
    { class: "cell", "data-testid": `trk-cell-${ci}-${k}` },
    s("rect", { x: x + 4, y: y + 4, width: C - 8, height: C - 8, rx: 6, class: "cell-box" }),
  );
  if (m >= 0) {
    const seat = Math.floor(m / 4);
    const sym = m % 4;
    const trick = players[seat]?.tricks.find((t) => t.sym === sym);
    const school = trick ? D.tricks[trick.id]?.school : null;
    const facing = card.o[k] ?? 0;
    const cx = x + C / 2;
    const cy = y + C / 2;
    g.append(
      s("rect", {
        x: x + 8,
        y: y + 8,
        width: C - 16,
        height: C - 16,
        rx: 4,
        fill: SEAT_COLORS[seat % 4],
        stroke: "#111",
        "stroke-width": 1.2,
      }),
    );
    // the facing: a notch of the trick's school on that side
    const d = [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ][facing];
    g.append(
      s("circle", { cx: cx + d[0] * (C / 2 - 10), cy: cy + d[1] * (C / 2 - 10), r: 5, class: `notch s-${school}` }),
    );
    g.append(
      s(
        "text",
        { x: cx, y: cy + 1, class: "tok-text", "font-size": 12, fill: seat % 4 === 3 ? "#111" : "#fff" },
        `${seat + 1}${SYMBOLS[sym]}`,
      ),
    );
    if ((card.dbl ?? []).includes(k))
      g.append(s("text", { x: x + C - 10, y: y + 14, class: "tok-text", "font-size": 10 }, "×2"));
    const tname = trick ? nameOf(D.tricks[trick.id], lang) : "";
    g.append(s("title", {}, `${c.seatName(seat)}: ${tname} ${SYMBOLS[sym]}`));
    if (trick) {
      listen(g, "mouseenter", (e) => showTip(c, e.currentTarget, `trick:${trick.id}`));
      listen(g, "mouseleave", () => c.pop.hideTip());
    }
  } else {
    const instead = c.ext.perfCell?.(c, card, ci, k, x, y);
    if (instead) g.append(instead);
    else {
      // the cell's number, as the action labels name it ("card 0, slot 2")
      g.append(s("text", { x: x + C / 2, y: y + C / 2 + 1, class: "cell-num" }, String(k + 1)));
      g.append(s("title", {}, w("free")));
    }
  }
  return wire(c, g, `cell-${ci}-${k}`, `${perfName(c, ci)} · ${w("slot_n", { n: k + 1 })}`);
}

function perfCard(c, card, ci) {
  const { D, lang, w } = c;
  const geo = D.cards[card.id];
  const C = CELL;
  const P = PAD;
  const cols = Math.max(...geo.cells.map((cell) => cell[0])) + 1;
  const rows = Math.max(...geo.cells.map((cell) => cell[1])) + 1;
  const W = cols * C + 2 * P;
  const H = rows * C + 2 * P + 16;
  const svg = s("svg", {
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    class: "perf-svg",
    role: "img",
    "aria-label": nameOf(D.theaters[geo.theater], lang),
  });
  svg.append(s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, class: `perf-bg th-${geo.theater}` }));
  const cellXY = (cell) => [P + cell[0] * C, P + cell[1] * C];
  geo.cells.forEach((cell, k) => svg.append(perfCell(c, card, ci, k, ...cellXY(cell))));
  // link circles on the borders; the shard link as a gem
  for (const link of geo.links) {
    const [ax, ay] = cellXY(link.a);
    const [bx, by] = cellXY(link.b);
    const cx = (ax + bx) / 2 + C / 2;
    const cy = (ay + by) / 2 + C / 2;
    if (link.shard) {
      svg.append(
        s(
          "polygon",
          { points: `${cx},${cy - 7} ${cx + 6},${cy} ${cx},${cy + 7} ${cx - 6},${cy}`, class: "shard-link" },
          s("title", {}, w("shard_link")),
        ),
      );
    } else {
      svg.append(s("circle", { cx, cy, r: 5, class: "link" }, s("title", {}, w("link"))));
    }
  }
  const b = geo.performer_bonus ?? {};
  const bonus = [b.fame ? `${b.fame}★` : "", b.coins ? `${b.coins}¢` : "", b.shards ? `${b.shards}◆` : ""]
    .filter(Boolean)
    .join(" ");
  svg.append(s("text", { x: W / 2, y: H - 8, class: "perf-bonus" }, bonus || "·"));
  svg.append(s("text", { x: 7, y: H - 8, class: "perf-num" }, String(ci + 1)));
  const wrap = h(
    "div",
    { class: "perf-card", testid: `trk-perf-${ci}`, dataset: { card: card.id } },
    h("span", { class: "perf-name" }, perfName(c, ci)),
    svg,
  );
  wire(c, wrap, `perf-${ci}`, perfName(c, ci), `perf:${card.id}`);
  c.ext.perfCard?.(c, wrap, card, ci);
  return wrap;
}

function theaterDay(c, day, d) {
  const { w, lang } = c;
  const base = SLOT.theater + 3 * d;
  const yf = day.yield_fame;
  const yc = day.yield_coins;
  const mod = day.ap_modifier;
  return h(
    "div",
    { class: "day", testid: `trk-day-${day.id}` },
    h(
      "div",
      { class: "day-head" },
      h("strong", {}, cap(nameOf(day, lang))),
      h(
        "span",
        { class: "muted", title: w("day_yield", { f: yf, c: yc }) },
        ` ${mod > 0 ? "+" : ""}${mod} ${w("ap")}${yf || yc ? ` · ${yf > 0 ? "+" : ""}${yf}★ ${yc > 0 ? "+" : ""}${yc}¢` : ""}`,
      ),
    ),
    h(
      "div",
      { class: "day-slots" },
      h(
        "div",
        { class: "day-group" },
        h("div", { class: "day-pair" }, slotSvg(c, base, mod), slotSvg(c, base + 1, mod)),
        h("span", { class: "day-cap" }, w("backstage")),
      ),
      h("div", { class: "day-group stage" }, slotSvg(c, base + 2, mod), h("span", { class: "day-cap" }, w("stage"))),
    ),
  );
}

function theater(c) {
  const { w, view } = c;
  return h(
    "section",
    { class: "loc loc-theater", testid: "trk-theater" },
    h(
      "h3",
      {},
      c.T("theater"),
      locHelp(c, "theater"),
      h("span", { class: "muted small" }, " · ", w("perf_deck", { n: view.perf_deck.length })),
    ),
    h(
      "div",
      { class: "days" },
      c.D.days.map((day, d) => theaterDay(c, day, d)),
    ),
    h(
      "div",
      { class: "perf-row", "aria-label": w("performance_cards") },
      view.row.map((card, ci) => perfCard(c, card, ci)),
    ),
  );
}

function fameTrack(c) {
  const { players, w } = c;
  const maxFame = Math.max(40, ...players.map((p) => p.fame + 5));
  const top = Math.ceil(maxFame / 10) * 10;
  const W = 900;
  const X = (f) => 12 + (f / top) * (W - 24);
  const svg = s(
    "svg",
    { viewBox: `0 0 ${W} 46`, class: "fame-svg", role: "img", "aria-label": w("fame_track") },
    s("line", { x1: X(0), y1: 30, x2: X(top), y2: 30, class: "fame-line" }),
  );
  for (let f = 0; f <= top; f += 5) {
    svg.append(s("line", { x1: X(f), y1: 26, x2: X(f), y2: 34, class: "fame-tick" }));
    if (f % 10 === 0) svg.append(s("text", { x: X(f), y: 45, class: "fame-num" }, String(f)));
  }
  const stacks = {};
  players.forEach((p, seat) => {
    const n = (stacks[p.fame] = (stacks[p.fame] ?? 0) + 1) - 1;
    const tok = seatToken(seat, X(p.fame) + n * 17, 14, 8);
    tok.append(s("title", {}, `${c.seatName(seat)}: ${w("n_fame", { n: p.fame })}`));
    svg.append(tok);
  });
  return svg;
}

function tracks(c) {
  const { view, players, w } = c;
  const roundCount = view.round_count;
  const rounds = h(
    "div",
    { class: "round-track", testid: "trk-rounds", "aria-label": w("round_track") },
    Array.from({ length: roundCount }, (_, i) =>
      h(
        "span",
        { class: `round-pip${i + 1 === view.round ? " now" : ""}${i + 1 < view.round ? " past" : ""}` },
        String(i + 1),
      ),
    ),
  );
  const init = h(
    "ol",
    { class: "init-track", testid: "trk-initiative", "aria-label": w("initiative") },
    view.order.map((seat, i) =>
      h(
        "li",
        { class: "init-slot" },
        h("span", { class: "init-n" }, String(i + 1)),
        seatBadge(seat),
        h("span", { class: "init-name" }, c.seatName(seat)),
        players[seat].poster ? h("span", { class: "poster", title: w("poster") }, w("poster")) : null,
      ),
    ),
  );
  const phase = view.phase;
  return h(
    "section",
    { class: "tracks", testid: "trk-tracks" },
    h(
      "div",
      { class: "track-line" },
      h(
        "span",
        { class: "phase-name", testid: "trk-phase", dataset: { phase } },
        w(`phase.${phase}`) !== `phase.${phase}` ? w(`phase.${phase}`) : phase,
      ),
      h("span", { class: "round-label" }, w("round", { n: Math.min(view.round, roundCount), of: roundCount })),
      rounds,
    ),
    h("div", { class: "track-line" }, h("span", { class: "area-name" }, w("initiative")), init),
  );
}

/** The fame track along the Theater's edge, as on the board. */
function fameBand(c) {
  return h(
    "div",
    { class: "fame-track", testid: "trk-fame" },
    h("span", { class: "area-name" }, yieldIcon("fame", 13), " ", c.w("fame_track")),
    fameTrack(c),
  );
}

/** What a trick card prints, drawn as a card: its school's symbol, name and level on top; the
 *  props it needs (its cost) and what each performed marker yields at the bottom. */
function trickFace(c, T_) {
  if (!T_) return [];
  // the same on every drawing in a language: built once, then cloned (the Residence shows ~40)
  const key = `${T_.id}/${c.lang}`;
  if (!FACES.has(key)) FACES.set(key, buildFace(c, T_));
  return FACES.get(key).map((node) => node.cloneNode(true));
}

const FACES = new Map();
// a card's yield in the marks the players' chips use (text: ~40 cards on the board at once)
const YIELD_MARK = { fame: "★", coins: "¢", shards: "◆" };

function buildFace(c, T_) {
  const { w, lang, D } = c;
  const school = cap(nameOf(D.schools[T_.school], lang));
  const comps = Object.entries(T_.components ?? {});
  const y = T_.yield ?? {};
  const yields = ["fame", "coins", "shards"].filter((k) => y[k]);
  return [
    h(
      "div",
      { class: "tc-head" },
      h(
        "span",
        { class: `school-mark s-${T_.school}`, title: school, "aria-label": school, role: "img" },
        schoolIcon(T_.school),
      ),
      h("strong", { class: "tname" }, nameNode(T_, lang, w)),
      h(
        "span",
        { class: "lvl", title: w("level", { n: T_.level }), "aria-label": w("level", { n: T_.level }) },
        "★".repeat(T_.level),
      ),
    ),
    h(
      "div",
      { class: "tc-foot" },
      h(
        "span",
        { class: "tc-cost", title: w("components") },
        comps.map(([prop, n]) =>
          h(
            "span",
            { class: "tc-comp", "aria-label": `${cap(nameOf(D.props[prop], lang))} ×${n}` },
            propIcon(prop, 13),
            n > 1 ? h("small", {}, `×${n}`) : null,
          ),
        ),
      ),
      h(
        "span",
        { class: "tc-yield", title: w("yield") },
        yields.map((k) =>
          h("span", { class: `y-${k}`, "aria-label": w(`n_${k}`, { n: y[k] }) }, `${y[k]}${YIELD_MARK[k]}`),
        ),
      ),
    ),
  ];
}

function resTrick(c, t) {
  const { lang, view, viewer } = c;
  const el = wire(
    c,
    h(
      "div",
      { class: `res-trick card lvl-${t.level} s-${t.school}`, testid: `trk-trick-${t.id}` },
      trickFace(c, t),
      h("span", { class: "tmeta", title: c.w("threshold") }, `${t.fame_threshold}★`),
    ),
    `trick-${t.id}`,
    nameOf(t, lang),
    `trick:${t.id}`,
  );
  if (!c.targets.has(`trick-${t.id}`) && view.act?.loc === "downtown" && view.act.seat === viewer) {
    explain(c, el, () => ({ type: "learn_trick", trick: t.id, die: 0 }));
  }
  return el;
}

function residence(c) {
  const { D, lang } = c;
  const owned = new Set(c.players.flatMap((p) => p.tricks.map((t) => t.id)));
  const cols = D.schoolIds.map((school) =>
    h(
      "div",
      { class: `res-col s-${school}`, testid: `trk-residence-${school}` },
      h(
        "h4",
        {},
        h("span", { class: `school-dot s-${school}` }, schoolIcon(school, 12)),
        " ",
        cap(nameOf(D.schools[school], lang)),
      ),
      h(
        "ol",
        {},
        D.trickList.filter((t) => t.school === school && !owned.has(t.id)).map((t) => h("li", {}, resTrick(c, t))),
      ),
    ),
  );
  return h(
    "section",
    { class: "loc loc-residence", testid: "trk-residence" },
    h("h3", {}, c.w("residence")),
    h("div", { class: "res-cols" }, cols),
  );
}

// ---- players ----------------------------------------------------------------------------------

function character(c, ch, seat, i) {
  const { D, w, lang, view } = c;
  let where = w("home");
  if (ch.slot >= 0) where = slotPlace(c, ch.slot);
  else if (ch.assist) where = w("on_assistant");
  else if (ch.idle && view.phase !== "assign" && view.phase !== "setup") where = w("idle");
  const card =
    ch.card === "face_down"
      ? w("face_down")
      : ch.card
        ? D.specials[ch.card]
          ? nameOf(D.specials[ch.card], lang)
          : c.T(ch.card)
        : "";
  const svg = s(
    "svg",
    { viewBox: "0 0 34 34", width: 30, height: 30, "aria-hidden": "true" },
    seatToken(seat, 17, 17, 13, `${seat + 1}${abbr(c, ch.kind)}`),
  );
  const el = h(
    "div",
    { class: "char", testid: `trk-char-${seat}-${i}` },
    svg,
    h(
      "div",
      { class: "char-text" },
      h("strong", {}, charIcon(ch.kind, 14), " ", charLabel(c, seat, i)),
      h("span", { class: "muted" }, where),
    ),
    // its assignment card lies under it, as on the player board
    h(
      "span",
      {
        class: `char-card${card ? "" : " none"}${ch.card === "face_down" ? " back" : ""}`,
        testid: `trk-charcard-${seat}-${i}`,
      },
      card || "·",
    ),
  );
  return wire(
    c,
    el,
    `char-${seat}-${i}`,
    charLabel(c, seat, i),
    ch.card && D.specials[ch.card] ? `special:${ch.card}` : `character:${ch.kind}`,
  );
}

function trickCard(c, t, seat, mine) {
  const { D, w, lang } = c;
  const T_ = D.tricks[t.id];
  const el = h(
    "div",
    { class: `trick-card card s-${T_?.school}`, testid: `trk-mytrick-${seat}-${t.id}` },
    h("span", { class: "sym", title: w("symbol") }, SYMBOLS[t.sym]),
    trickFace(c, T_),
    h(
      "div",
      { class: "tc-meta" },
      h("span", { title: cap(w("markers")) }, `▣ ${t.markers}/${T_?.markers ?? "?"}`),
      h("span", {}, w("prep_ap", { n: T_?.prepare_ap ?? "?" })),
      t.eng ? h("span", { class: "tag" }, w("on_engineer")) : null,
      t.enhanced ? h("span", { class: "tag" }, w("enhanced")) : null,
    ),
  );
  return wire(c, el, mine ? `mytrick-${t.id}` : null, nameOf(T_, lang), `trick:${t.id}`);
}

function hand(c, p, seat, mine) {
  if (mine && (Object.keys(p.hand).length || p.specials.length)) {
    return h(
      "div",
      { class: "hand", testid: `trk-hand-${seat}` },
      Object.entries(p.hand)
        .filter(([, n]) => n > 0)
        .map(([loc, n]) => h("span", { class: "hand-card" }, `${c.T(loc)} ×${n}`)),
      p.specials.map((id) => specialCard(c, id, null)),
    );
  }
  return h(
    "div",
    { class: "hand muted", testid: `trk-hand-${seat}` },
    c.w("hand_count", { n: p.hand_count ?? 0, s: p.special_count ?? 0 }),
  );
}

function playerHeader(c, p, seat) {
  const { w, lang } = c;
  const mag = c.D.magicians[p.magician];
  return h(
    "header",
    {},
    seatBadge(seat),
    h("strong", { class: "pname" }, c.seatName(seat)),
    mag
      ? wire(
          c,
          h(
            "span",
            { class: "magician", testid: `trk-magician-${seat}` },
            nameOf(mag, lang),
            " · ",
            h(
              "span",
              {
                class: `school-dot s-${mag.school}`,
                role: "img",
                title: cap(nameOf(c.D.schools[mag.school], lang)),
                "aria-label": cap(nameOf(c.D.schools[mag.school], lang)),
              },
              schoolIcon(mag.school, 12),
            ),
          ),
          null,
          nameOf(mag, lang),
          `magician:${mag.id}`,
        )
      : null,
    h(
      "span",
      { class: "res" },
      h("span", { class: "fame", title: w("fame"), testid: `trk-fame-${seat}` }, yieldIcon("fame"), ` ${p.fame}`),
      h("span", { class: "coins", title: w("coins"), testid: `trk-coins-${seat}` }, yieldIcon("coins"), ` ${p.coins}`),
      h(
        "span",
        { class: "shards", title: w("shards"), testid: `trk-shards-${seat}` },
        yieldIcon("shards"),
        ` ${p.shards}`,
      ),
    ),
  );
}

function playerArea(c, p, seat) {
  const { w, snap } = c;
  const mine = seat === c.viewer;
  const chars = p.chars.map((ch, i) => character(c, ch, seat, i));
  const hired = p.hired.map((k) =>
    h("div", { class: "char hired" }, h("strong", {}, c.charName(k)), h("span", { class: "muted" }, w("hired"))),
  );
  const props = Object.entries(p.props)
    .filter(([, n]) => n > 0)
    .map(([prop, n]) =>
      propChip(c, prop, n, {
        mgr: p.mgr.includes(prop),
        key: mine ? `myprop-${prop}` : null,
        testid: `trk-prop-${seat}-${prop}`,
      }),
    );
  const tricks = p.tricks.map((t) => trickCard(c, t, seat, mine));
  const specialists = p.chars
    .filter((ch) => ["assistant", "engineer", "manager"].includes(ch.kind))
    .map((ch) => h("span", { class: "spec-board" }, charIcon(ch.kind, 14), " ", c.charName(ch.kind)));
  const ws = SLOT.workshop + 2 * seat;
  const acting = snap.to_act.seats.includes(seat) && snap.to_act.kind !== "terminal";
  return h(
    "section",
    {
      class: `player pboard seat-${seat % 4}${mine ? " mine" : ""}${acting ? " acting" : ""}`,
      testid: `trk-player-${seat}`,
      "aria-label": `${c.seatName(seat)}: ${w("player_board")}`,
    },
    playerHeader(c, p, seat),
    // as on the player board: the characters along the top with their assignment cards under
    // them; the Workshop, the prop slots and the trick slots below
    h("div", { class: "pb-chars" }, h("h4", {}, w("characters")), h("div", { class: "chars" }, chars, hired)),
    h(
      "div",
      { class: "pbody" },
      h(
        "div",
        { class: "pb-area pb-workshop" },
        h("h4", {}, c.T("workshop"), mine ? locHelp(c, "workshop") : null),
        h("div", { class: "slot-row" }, slotSvg(c, ws, 0), slotSvg(c, ws + 1, 0)),
      ),
      h(
        "div",
        { class: "pb-area pb-props" },
        h("h4", {}, w("props")),
        h("div", { class: "props" }, props.length ? props : h("span", { class: "muted" }, "—")),
      ),
      h(
        "div",
        { class: "pb-area pb-tricks" },
        h("h4", {}, w("tricks")),
        h("div", { class: "tricks" }, tricks.length ? tricks : h("span", { class: "muted" }, "—")),
      ),
    ),
    specialists.length ? h("div", { class: "specs" }, h("h4", {}, w("specialists")), specialists) : null,
    h("div", { class: "pb-hand" }, h("h4", {}, w("hand")), hand(c, p, seat, mine)),
  );
}

function slotLocation(slot) {
  if (slot >= SLOT.workshop) return ["workshop", (slot - SLOT.workshop) % 2];
  if (slot >= SLOT.theater) return ["theater", slot - SLOT.theater];
  if (slot >= SLOT.dark_alley) return ["dark_alley", slot - SLOT.dark_alley];
  if (slot >= SLOT.market_row) return ["market_row", slot - SLOT.market_row];
  return ["downtown", slot];
}

function slotPlace(c, slot) {
  if (slot >= SLOT.workshop) return c.T("workshop");
  if (slot >= SLOT.theater) {
    const d = Math.floor((slot - SLOT.theater) / 3);
    return `${c.T("theater")} · ${cap(nameOf(c.D.days[d], c.lang))}`;
  }
  if (slot >= SLOT.dark_alley) return c.T("dark_alley");
  if (slot >= SLOT.market_row) return c.T("market_row");
  return c.T("downtown");
}

// ---- the decision strip: what has no place on the board ---------------------------------------

function decisionStrip(c) {
  const { targets, drawn, snap, view, w, viewer } = c;
  const rest = [...targets.entries()].filter(([key]) => !drawn.has(key));
  const to = snap.to_act;
  let status = null;
  if (view.act && view.act.seat !== viewer) {
    const a = view.act;
    const ch = c.players[a.seat]?.chars[a.char];
    status = h(
      "p",
      { class: "placing", testid: "trk-placing" },
      w("placing", { who: `${c.seatName(a.seat)} · ${c.charName(ch?.kind)}`, where: slotName(c, a.slot), ap: a.ap }),
    );
  }
  const ask = h("p", { class: "prompt", testid: "trk-prompt", role: "status" }, prompt(c));
  const menu = actionMenu(c, (action) => whyNot(c.api, snap.hash ?? snap.step, action));
  const pend = (view.pending ?? [])[0];
  const items = rest.map(([key, entries]) => {
    drawn.add(key);
    if (entries.length === 1 && (key.startsWith("magician-") || key.startsWith("specialist-")))
      return choiceCard(c, key, entries[0]);
    if (entries.length === 1) {
      const e = entries[0];
      const tipKey = tipFor(e.action);
      const first = friendly(c, e);
      const el = h(
        "button",
        {
          type: "button",
          class: "trk-decide",
          testid: `trk-t-${key}`,
          dataset: { target: key, count: "1" },
          title: first ? e.label : null,
          onclick: () => c.api.act(e.action).catch(() => {}),
        },
        first ?? e.label,
      );
      if (tipKey) wireTip(c, el, tipKey);
      return el;
    }
    const el = h(
      "button",
      {
        type: "button",
        class: "trk-decide",
        testid: `trk-t-${key}`,
        dataset: { target: key, count: String(entries.length) },
      },
      friendly(c, entries[0]) ?? entries[0].label,
      " …",
    );
    listen(el, "click", (e) => choose(c, key, e.currentTarget, entries[0].label));
    return el;
  });
  if (!items.length && !status && targets.size) {
    return h("div", { class: "trk-decision hint", testid: "trk-decision" }, ask, menu);
  }
  if (!items.length && !status) {
    if (to.kind === "players" && !to.seats.includes(viewer)) {
      return h(
        "div",
        { class: "trk-decision waiting", testid: "trk-decision" },
        w("waiting", { names: to.seats.map(c.seatName).join(", ") }),
      );
    }
    return h("div", { class: "trk-decision empty", testid: "trk-decision" });
  }
  return h(
    "div",
    { class: "trk-decision", testid: "trk-decision", role: "group", "aria-label": w("your_move") },
    status,
    c.canAct ? ask : null,
    menu,
    items.length ? h("strong", { class: "dec-title" }, pend ? `${w("pending")}: ` : `${w("more")}: `) : null,
    items,
  );
}

/** What the viewer is deciding, in words: "Choose your starting trick", "Magician selected —
 *  choose a slot", "Magician on stage: no action points this turn". */
function prompt(c) {
  const { view, w, targets, viewer } = c;
  const act = view.act;
  if (act && act.seat === viewer) {
    const ch = c.players[viewer]?.chars[act.char];
    const stage = act.slot >= SLOT.theater && act.slot < SLOT.workshop && (act.slot - SLOT.theater) % 3 === 2;
    if (stage && ch?.kind === "magician" && act.ap === 0) return w("prompt.stage");
    return w("prompt.act", { who: charLabel(c, viewer, act.char), where: slotName(c, act.slot), ap: act.ap });
  }
  if (UI.selected) return w("prompt.selected", { who: charLabel(c, viewer, UI.selected.char) });
  const keys = [...targets.keys()];
  if (view.phase.startsWith("setup")) {
    if (keys.some((k) => k.startsWith("trick-"))) return w("prompt.setup_trick");
    if (keys.some((k) => k.startsWith("magician-"))) return w("prompt.setup_magician");
    return w("prompt.setup");
  }
  if (["advertise", "assign", "place", "perform"].includes(view.phase)) return w(`prompt.${view.phase}`);
  return w("prompt.other", { n: targets.size });
}

/** A setup choice shown as its card: a magician (school, ability) or a specialist (bonus). */
function choiceCard(c, key, e) {
  const { D, lang } = c;
  const a = e.action;
  let body;
  if (a.magician) {
    const m = D.magicians[a.magician];
    body = [
      h("strong", {}, nameOf(m, lang), " ", h("span", { class: `school-dot s-${m.school}` }, schoolIcon(m.school, 12))),
      h("span", { class: "cc-school" }, cap(nameOf(D.schools[m.school], lang))),
      h("span", { class: "cc-text" }, h("em", {}, nameOf(m.ability, lang)), ": ", textOf(m.ability.text, lang)),
    ];
  } else {
    const spec = D.raw.board.setup.specialist_choices.find((sc) => sc.specialist === a.specialist);
    body = [h("strong", {}, c.charName(a.specialist)), spec ? h("span", { class: "cc-text" }, spec.text) : null];
  }
  return h(
    "button",
    {
      type: "button",
      class: "trk-decide choice-card",
      testid: `trk-t-${key}`,
      dataset: { target: key, count: "1" },
      "aria-label": e.label,
      onclick: () => c.api.act(a).catch(() => {}),
    },
    body,
  );
}

function tipFor(a) {
  if (a.magician) return `magician:${a.magician}`;
  if (a.trick) return `trick:${a.trick}`;
  return null;
}

/** Choose a character, then a slot: every character that may be placed gets a "choose a slot
 *  for it" entry; while one is chosen, the slots offer only its placements (one click plays). */
function selectionStep(targets, snap, viewer, w) {
  const sel = UI.selected;
  const placeable = new Set(
    (snap.legal ?? []).filter((e) => e.action.type === "place_character").map((e) => e.action.character),
  );
  if (sel && (sel.step !== snap.step || !placeable.has(sel.char))) UI.selected = null;
  for (const ci of placeable) {
    const key = `char-${viewer}-${ci}`;
    const chosen = UI.selected?.char === ci;
    const entry = { index: -1, select: chosen ? null : ci, label: w(chosen ? "deselect" : "select_char") };
    targets.set(key, [entry, ...(targets.get(key) ?? [])]);
  }
  if (!UI.selected) return;
  for (const [key, entries] of [...targets]) {
    if (!key.startsWith("slot-")) continue;
    const mine = entries.filter((e) => e.action?.type !== "place_character" || e.action.character === UI.selected.char);
    if (mine.length) targets.set(key, mine);
    else targets.delete(key);
  }
}

function orderedSeats(viewer, n) {
  const seats = Array.from({ length: n }, (_, i) => i);
  if (viewer === null || viewer === undefined) return seats;
  return [viewer, ...seats.filter((i) => i !== viewer)];
}

// the days' ids in order, for the docs and tests
export { DAYS };
