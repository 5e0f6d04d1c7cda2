// The game in play at the table: the position on screen and whose screen it is (hotseat
// covers, simultaneous decisions), its banners, the moves made from it, its autosave, and the
// automatic steps it hands to the bot scheduler. The page (app.js) attaches itself with
// `attach` and reads the table through the accessors below; ui/table/ draws it.

import { pageError, EngineError } from "../ui/bridge.js";
import { refuseText } from "../ui/guard.js";
import { autoPending, chooseViewer, humanSeats, seatNames, trackGroup } from "../ui/seats.js";
import * as store from "../ui/store.js";
import { buildTable, releaseMoveFocus, updateTable } from "../ui/table/index.js";
import { errorText, timings } from "./automation.js";
import * as boards from "./boards.js";
import * as bots from "./bots.js";
import * as guide from "./guide.js";
import * as rules from "./rules.js";
import { call, connected, exclusive, reporting } from "./engine.js";
import * as lastview from "./lastview.js";
import * as saves from "./saves.js";

const T = {
  snap: null, // the bridge snapshot for `viewer`
  viewer: null, // the seat whose screen this is (null: spectator, every seat a bot)
  shown: null, // the human whose screen was last uncovered
  covered: false, // the "pass the device" screen is up (for `viewer`)
  group: null, // the simultaneous decision being followed (ui/seats.js trackGroup)
  freshFrom: 0, // log entries from this step on are new since the last update
  error: null, // the table's error banner text
  errorRule: null, // {text, code, params}: the banner's refusal, when a rules section explains it
  storageProblem: null, // why the last autosave failed (a banner until one succeeds)
  hint: null, // the last hint asked at the table: {step, viewer, pending} or {step, viewer, moves, ms}
  tabNotice: null, // another tab saved over this table's game (a banner until dismissed)
  // the table came from a file, or is a fork: said to everyone at it (until dismissed), as
  // [code, params] so that it reads in the page's language of the moment
  loadNotice: null,
  fork: null, // {step}: the game was forked from a finished one (web/app/review.js); autosaved
  chart: null, // the bridge's chart of the finished game on screen: {hash, chart}
  chartFigure: null, // the figure the ending's chart shows (null: the game's first)
  refs: null, // the table's elements (ui/table/)
  kept: null, // the last table's view drawn read-only while the engine wakes (app/lastview.js)
};

// {lang(), t(), gameStrings(), screen(), show(screen), el(), loadStrings(), redrawTopbar(), showLobby(),
//  act(action), again(), review()}
let page;
export function attach(host) {
  page = host;
  guide.attach({ t: () => page.t(), redraw: () => refresh() });
}

export const snap = () => T.snap;
export const viewer = () => T.viewer;
export const covered = () => T.covered;
export const waking = () => T.kept !== null;

/** The table is no longer on screen. */
export function leave() {
  T.refs = null;
  guide.hide();
}

/** Back on screen as it was (after a review): nothing was played or saved meanwhile. */
export function reenter() {
  page.show("table");
  enterTable();
}

/** The same position in the page's new language. */
export async function relang() {
  T.snap = await call("snapshot", { viewer: T.viewer, lang: page.lang() });
  T.error = null;
  enterTable();
}

/** Another tab saved over this table's game: keep both, this one under a new id. */
export function movedByOtherTab() {
  saves.begin();
  T.tabNotice = page.t()("ui.autosave.other_tab");
  exclusive(async () => {
    await autosave();
    refresh();
  }).catch((error) => console.error(error));
}

/** A move by its index in the legal list, or as an action. */
export function actAt(action) {
  if (typeof action !== "number") return act(action);
  const entry = T.snap?.legal[action];
  if (!entry) throw pageError(page.t(), "ui.error.no_such_action", { index: action });
  return act(entry.action);
}

/** A new table (a new game or a loaded file) replaces whatever was on screen. */
export async function openTable(snap) {
  bots.stop();
  bots.unstall();
  saves.begin();
  // A file may hold any earlier position of a game: loading one is announced to the table.
  let loadNotice = snap.loaded ? ["ui.table.loaded", { step: snap.loaded.steps }] : null;
  // a fork says where it came from, to the table and in the lobby's list (its autosave's `fork`)
  const fork = snap.forked ? { step: snap.forked.steps } : null;
  if (fork) loadNotice = ["ui.review.forked", { step: fork.step }];
  Object.assign(T, { tabNotice: null, loadNotice, fork, error: null, refs: null, chart: null, chartFigure: null });
  await page.loadStrings(); // the game's own ui.* strings join the page's
  await settle(snap, { fresh: true });
  page.show("table"); // (only now: marquee.screen() says "table" once there is a snapshot)
  enterTable();
}

/** The table `slot` was last drawn as (`view`, lastview.js), read-only until `resume` hands
 *  over to the engine's own. Nothing is asked of the engine meanwhile. */
export function drawKept(slot, view) {
  const { viewer, shown, group } = slot;
  Object.assign(T, { snap: view.snap, viewer, shown, covered: false, group, freshFrom: view.snap.step, error: null });
  Object.assign(T, { tabNotice: null, loadNotice: null, fork: slot.fork ?? null, kept: view });
  T.chart = view.chart ? { hash: view.hash, chart: view.chart } : null;
  boards.keepData(view.snap.game, view.data);
  page.show("table");
  enterTable();
}

export async function resume(slot) {
  const refused = refuseText(slot.text);
  if (refused) throw pageError(page.t(), refused.code, refused.params);
  const asked = performance.now();
  timings.resumeAsked = Math.round(asked);
  const snap = await call("load", { text: slot.text, viewer: slot.viewer, lang: page.lang() });
  // (the game's modules and packs imported, the save read, the first snapshot taken)
  timings.resumeLoad = Math.round(performance.now() - asked);
  // the engine decides: a kept table that is not this position goes, whatever happens next
  const kept = T.kept && lastview.matches(T.kept, snap) ? T.kept : null;
  T.kept = null;
  if (snap.hash !== slot.hash) throw pageError(page.t(), "ui.error.resume_mismatch");
  bots.stop();
  bots.unstall();
  const { viewer, shown, covered, group } = slot;
  Object.assign(T, { snap, viewer, shown, covered, group, freshFrom: snap.step, error: null });
  Object.assign(T, { refs: null, tabNotice: null, loadNotice: null, fork: slot.fork ?? null });
  if (!kept) T.chart = null;
  page.show("table");
  saves.adopt(slot.id);
  await page.loadStrings();
  await loadChart();
  enterTable();
}

function enterTable() {
  store.tab.save("screen", "table");
  page.redrawTopbar();
  T.refs = buildTable(page.el(), tableCtx());
  boards.use(T.snap.game);
  refresh();
}

function tableCtx() {
  const { snap, viewer, covered, error, storageProblem, tabNotice, loadNotice, freshFrom } = T;
  const t = page.t();
  return {
    ...{ t, snap, viewer, covered, coverFor: viewer, secret: Boolean(T.group?.group), error, storageProblem },
    errorRule: error && T.errorRule?.text === error ? T.errorRule : null,
    ...{ tabNotice, speed: bots.speed(), autoPending: snap ? autoPending(snap) : false, freshFrom },
    loadNotice: loadNotice && t(...loadNotice),
    hint: T.hint?.lang === page.lang() ? T.hint : null, // labels in another language: ask again
    chart: T.chart?.hash === snap?.hash ? T.chart.chart : null,
    chartFigure: T.chartFigure,
    renderBoard: (container, shown) => boards.renderBoard(container, shown, boardPage()),
    on: tableHandlers,
  };
}

function boardPage() {
  const act = (action) =>
    page.act(action).catch((error) => {
      T.error = error.message;
      refresh();
      linkRule(error);
      throw error;
    });
  return { viewer: T.viewer, lang: page.lang(), t: page.t(), hint: T.hint, call, act };
}

function refresh() {
  if (page.screen() !== "table" || !T.refs) return;
  const started = performance.now();
  updateTable(T.refs, tableCtx());
  timings.render = Math.round((performance.now() - started) * 10) / 10;
  if (T.kept) return; // (a kept table: no guide, no bots until the engine is there)
  guide.drawn(T.snap, page.t()); // (the guided first game's step, if one is under way)
  bots.schedule();
}
boards.onLoaded(refresh);

/** Take a snapshot as the table's new position: pick whose screen it is, decide whether the
 *  device must change hands first, autosave, redraw, and let bots move. */
async function settle(snap, { fresh = false, draw = true, save = true } = {}) {
  const before = fresh ? null : T.snap;
  const next = chooseViewer(snap, fresh ? null : T.viewer);
  // the answer in hand is the position for the seat it was asked for: the screen's last seat
  // (a move, an undo or a step is asked for it) or the spectator (a new table)
  const asked = snap;
  if (snap.viewer !== next) snap = await call("snapshot", { viewer: next, lang: page.lang() });
  T.group = trackGroup(fresh ? null : T.group, snap);
  if (fresh) {
    T.shown = null;
    T.covered = false;
  }
  // (at the end nothing is secret any more: the ending shows at once, not behind a cover)
  if (next === null || humanSeats(snap.seats).length < 2 || snap.to_act.kind === "terminal") {
    T.covered = false;
    T.shown = next;
  } else if (!T.covered && next !== T.shown) {
    // Hotseat: a different human takes over. Cover the table first when they are about to
    // make a secret choice (a simultaneous decision), or when their view differs from what
    // the screen last showed (hidden information).
    let hide = T.group.group !== null;
    if (!hide) {
      const other = asked.viewer === T.shown ? asked : await call("snapshot", { viewer: T.shown, lang: page.lang() });
      hide = JSON.stringify(other.view) !== JSON.stringify(snap.view);
    }
    if (hide) T.covered = true;
    else T.shown = next;
  }
  T.freshFrom = before ? before.step : snap.step;
  T.snap = snap;
  T.viewer = next;
  await loadChart();
  if (save) await autosave();
  if (draw) refresh();
  const detail = { step: snap.step, hash: snap.hash, to_act: snap.to_act, viewer: next, covered: T.covered };
  document.dispatchEvent(new CustomEvent("marquee:snapshot", { detail }));
  return snap;
}

/** The chart of a game that has just ended (or was opened finished), once per position. */
async function loadChart() {
  const snap = T.snap;
  if (!snap?.result || T.chart?.hash === snap.hash) return;
  T.chart = { hash: snap.hash, chart: await call("chart") };
}

async function autosave() {
  const started = performance.now();
  const { text } = await call("save");
  const { viewer, shown, covered, group, snap } = T;
  const over = snap.to_act.kind === "terminal";
  const { hash, game, names, step } = snap;
  const record = {
    text,
    viewer,
    shown,
    covered,
    group,
    hash,
    game,
    names,
    step,
    over,
    fork: T.fork,
    players: seatNames(snap.seats, page.t()),
    // the names as given ("" for a default one): the lobby words the defaults in its language
    seats: snap.seats.map(({ kind, name }) => ({ kind, name })),
  };
  let status = saves.write(record);
  if (status === "full" && lastview.drop()) status = saves.write(record); // the kept view gives way
  // told at once, and told again after every step that is not saved
  T.storageProblem =
    status === "ok" ? null : page.t()(status === "full" ? "ui.autosave.full" : "ui.autosave.unavailable");
  timings.autosave = Math.round((performance.now() - started) * 10) / 10;
}

export async function confirmCover() {
  if (!T.covered) return T.snap;
  T.covered = false;
  T.shown = T.viewer;
  await autosave();
  refresh(); // (the focus goes to the decision: ui/table/focus.js)
  return T.snap;
}

export async function act(action) {
  if (page.screen() !== "table" || !T.snap) throw pageError(page.t(), "ui.error.no_table");
  if (T.kept) throw pageError(page.t(), "ui.table.waking_click");
  if (T.viewer === null) throw pageError(page.t(), "ui.error.no_seat");
  await confirmCover();
  guide.gate(action); // a guided game lets through only the step's move (throws "not yet")
  const released = releaseMoveFocus(T.refs);
  let snap;
  try {
    snap = await call("act", { seat: T.viewer, action, viewer: T.viewer, lang: page.lang() });
  } catch (error) {
    // refused: the position stays, and so does the focus
    if (released?.isConnected && document.activeElement === document.body) released.focus({ preventScroll: true });
    throw error;
  }
  T.error = null;
  return settle(snap);
}

export async function undo() {
  if (T.viewer === null) throw pageError(page.t(), "ui.error.no_seat");
  const snap = await call("undo", { seat: T.viewer, viewer: T.viewer, lang: page.lang() });
  T.error = null;
  bots.unstall();
  return settle(snap);
}

const timed = async (name, fn) => {
  const started = performance.now();
  const out = await fn();
  timings[name] = Math.round((performance.now() - started) * 10) / 10;
  return out;
};
export const saveText = () => timed("save", () => call("save"));

export async function loadText(text) {
  const refused = refuseText(text); // before Python sees it: the table stays
  if (refused) throw pageError(page.t(), refused.code, refused.params);
  const snap = await timed("load", () => call("load", { text, viewer: null, lang: page.lang() })); // throws: the table stays
  await openTable(snap);
  return T.snap;
}

function tableFailed(error) {
  T.error = errorText(page.t(), error);
  refresh();
  if (error instanceof EngineError) linkRule(error);
  else console.error(error);
}

/** The banner's refusal `error` ({code, params}) gets its "see the rule" link once the engine
 *  names the section explaining it (the banner still showing it then). */
function linkRule(error) {
  const text = T.error;
  rules
    .sectionOf(error)
    .then((at) => {
      if (!at || T.error !== text) return;
      T.errorRule = { text, code: error.code, params: error.params ?? {} };
      refresh();
    })
    .catch((e) => console.error(e));
}

const dismiss = (field) => () => {
  T[field] = null;
  refresh();
};

const tableHandlers = {
  act: reporting(tableFailed, (action) => exclusive(() => act(action))),
  undo: reporting(tableFailed, () => exclusive(undo)),
  save: reporting(tableFailed, async () => {
    const { text, filename } = await exclusive(saveText);
    saves.download(text, filename);
  }),
  loadFile: reporting(tableFailed, async (file) => {
    const text = await saves.readFile(page.t(), file);
    return exclusive(() => loadText(text));
  }),
  lobby: () => exclusive(page.showLobby),
  again: reporting(tableFailed, () => exclusive(page.again)),
  review: reporting(tableFailed, () => exclusive(page.review)),
  chartFigure(figure) {
    T.chartFigure = figure;
    refresh();
  },
  confirm: reporting(tableFailed, () => exclusive(confirmCover)),
  dismiss: dismiss("error"),
  dismissTab: dismiss("tabNotice"),
  dismissLoaded: dismiss("loadNotice"),
  speed: bots.setSpeed,
  skip: bots.skip,
  hint: reporting(tableFailed, () =>
    exclusive(() => {
      T.hint = { step: T.snap.step, viewer: T.viewer, lang: page.lang(), pending: true };
      refresh(); // "Thinking…" while the engine's worker searches
      return askHint();
    }),
  ),
};

/** The hard bot's best moves for the seat at this screen (bridge ``hint``), timed (the search
 *  runs in the engine's worker: the page keeps answering meanwhile). */
export async function askHint() {
  const { step } = T.snap;
  const viewer = T.viewer;
  try {
    const moves = await timed("hint", () => call("hint", { seat: viewer, lang: page.lang() }));
    console.info(`marquee: hint in ${timings.hint} ms`);
    T.hint = { step, viewer, lang: page.lang(), moves, ms: timings.hint };
    return T.hint;
  } catch (error) {
    T.hint = null;
    throw error;
  } finally {
    refresh();
  }
}

// The automatic steps: one, or at speed 0 or while skipping as many as fit in a batch before
// saving and drawing once (each step is still announced).
bots.drive({
  due: () => (page.screen() === "table" && T.snap && autoPending(T.snap) ? T.snap.step : null),
  async run({ batch, more, stall }) {
    const from = T.snap.step;
    try {
      let snap;
      do {
        snap = await call("step", { viewer: T.viewer, lang: page.lang() });
        if (!snap.moved) stall(snap.step);
        await settle(snap, { draw: false, save: false });
      } while (batch && snap.moved && more());
      T.freshFrom = Math.min(from, T.snap.step);
      await autosave();
      refresh();
    } catch (error) {
      stall(T.snap.step);
      await autosave().catch(() => {}); // the steps of the batch before the failure
      tableFailed(error);
    }
  },
});

/** Keep the table on screen for the next start (lastview.js): when the page is left or hidden,
 *  once, rather than at every move. Only a table the engine stands behind and that shows one
 *  seat's view as it was saved: not a covered hotseat table, not a kept one. `left`: the page
 *  was left, not only hidden (a new tab opens the table of a tab that is gone, never one's
 *  still open behind it). */
function keepView() {
  if (page?.screen() !== "table" || !T.snap || T.covered || T.kept || !connected() || !saves.gameId()) return;
  const { snap, viewer } = T;
  const chart = T.chart?.hash === snap.hash ? T.chart.chart : null;
  const data = boards.keptData(snap.game);
  lastview.keep({
    id: saves.gameId(),
    hash: snap.hash,
    step: snap.step,
    lang: page.lang(),
    viewer,
    left: leaving,
    snap,
    chart,
    data,
    strings: page.gameStrings(),
  });
}
// (a page being left is hidden after its pagehide, which the second keep must not unsay)
let leaving = false;
addEventListener("pagehide", () => {
  leaving = true;
  keepView();
});
addEventListener("pageshow", () => (leaving = false));
// back in use: the record would only hold storage the autosaves may need (it is written again
// when the page is next left)
document.addEventListener("visibilitychange", () =>
  document.visibilityState === "hidden" ? keepView() : lastview.drop(),
);
