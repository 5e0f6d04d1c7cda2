// The page's side of the engine bridge (engine/bridge/, run by web/main.py in a worker and
// reached through window.marqueeBridge, installed by web/boot.js): JSON in, JSON out, answered
// asynchronously; errors as exceptions carrying the engine's {code, params, message}.

export class EngineError extends Error {
  constructor(error) {
    super(error.message ?? error.code);
    this.name = "EngineError";
    this.code = error.code;
    this.params = error.params ?? {};
    this.error = { code: error.code, params: this.params, message: error.message ?? error.code };
  }
}

// The calls whose answer is the table's snapshot: they may say which log the page holds.
const AT_TABLE = new Set(["new", "snapshot", "act", "step", "undo", "load", "fork"]);

/** call(method, args) -> Promise of the answer. One call is out at a time and the answers come
 *  in the order asked (the engine is one stateful game: a later call must see what an earlier
 *  one did). `door.call` is looked up at each call: tests may wrap it.
 *  A table's snapshot carries only the log lines the page does not hold yet (``log_from``,
 *  engine/bridge/snapshot.py SentLog): they are put after the lines held, so every answer
 *  reads the whole log. */
export function connect(door) {
  let tail = Promise.resolve();
  let held = null; // {id, log}: the last snapshot's whole log
  return {
    version: door.version,
    call(method, args = {}) {
      // the log held is read as the call goes out and replaced as its answer is read, both in
      // the one queue: the next call says what this answer gave
      const answer = tail
        .then(() => {
          const sent = held && AT_TABLE.has(method) ? { ...args, log_held: held.id } : args;
          return door.call(method, JSON.stringify(sent));
        })
        .then((text) => {
          const out = JSON.parse(text);
          if (out && typeof out === "object" && "error" in out && out.error?.code) {
            throw new EngineError(out.error);
          }
          if (out?.log_id !== undefined) {
            if (out.log_from) out.log = held.log.slice(0, out.log_from).concat(out.log);
            held = { id: out.log_id, log: out.log.slice() };
          }
          return out;
        });
      tail = answer.catch(() => {});
      return answer;
    },
  };
}

/** An EngineError for a page-side failure, its message from the page's strings. */
export function pageError(t, code, params = {}) {
  return new EngineError({ code, params, message: t(code, params) });
}
