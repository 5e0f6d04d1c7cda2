// The page's side of the engine bridge (engine/bridge.py, installed by web/main.py at
// window.marqueeBridge): JSON in, JSON out, errors as exceptions carrying the engine's
// {code, params, message}.

export class EngineError extends Error {
  constructor(error) {
    super(error.message ?? error.code);
    this.name = "EngineError";
    this.code = error.code;
    this.params = error.params ?? {};
    this.error = { code: error.code, params: this.params, message: error.message ?? error.code };
  }
}

export function connect(door) {
  return {
    version: door.version,
    call(method, args = {}) {
      const out = JSON.parse(door.call(method, JSON.stringify(args)));
      if (out && typeof out === "object" && "error" in out && out.error?.code) {
        throw new EngineError(out.error);
      }
      return out;
    },
  };
}

/** An EngineError for a page-side failure, its message from the page's strings. */
export function pageError(t, code, params = {}) {
  return new EngineError({ code, params, message: t(code, params) });
}
