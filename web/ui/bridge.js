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

/** call(method, args) -> Promise of the answer. One call is out at a time and the answers come
 *  in the order asked (the engine is one stateful game: a later call must see what an earlier
 *  one did). `door.call` is looked up at each call: tests may wrap it. */
export function connect(door) {
  let tail = Promise.resolve();
  return {
    version: door.version,
    call(method, args = {}) {
      const answer = tail.then(() => door.call(method, JSON.stringify(args)));
      tail = answer.catch(() => {});
      return answer.then((text) => {
        const out = JSON.parse(text);
        if (out && typeof out === "object" && "error" in out && out.error?.code) {
          throw new EngineError(out.error);
        }
        return out;
      });
    },
  };
}

/** An EngineError for a page-side failure, its message from the page's strings. */
export function pageError(t, code, params = {}) {
  return new EngineError({ code, params, message: t(code, params) });
}
