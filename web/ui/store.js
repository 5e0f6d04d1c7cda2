// Browser storage: the language, the lobby's last setup and the autosaved games (localStorage,
// shared by every tab of the site), and what this tab shows (sessionStorage: it survives a
// reload of the tab, and each tab has its own).
// Storage may be unavailable (private modes, quotas): reads degrade to "nothing kept"; `put`
// says why a write failed, so that a game that is not being saved never goes unnoticed.

const PREFIX = "marquee:";

function area(kind) {
  try {
    return kind === "session" ? window.sessionStorage : window.localStorage;
  } catch {
    return null; // storage refused altogether (e.g. cookies blocked)
  }
}

function reader(kind) {
  return (key, fallback = null) => {
    try {
      const raw = area(kind)?.getItem(PREFIX + key) ?? null;
      return raw === null ? fallback : JSON.parse(raw);
    } catch {
      return fallback;
    }
  };
}

/** Write `value`: "ok", "full" (the quota is used up) or "unavailable". */
function writer(kind) {
  return (key, value) => {
    try {
      const store = area(kind);
      if (!store) return "unavailable";
      store.setItem(PREFIX + key, JSON.stringify(value));
      return "ok";
    } catch (error) {
      return isQuotaError(error) ? "full" : "unavailable";
    }
  };
}

function isQuotaError(error) {
  return (
    error?.name === "QuotaExceededError" ||
    error?.name === "NS_ERROR_DOM_QUOTA_REACHED" ||
    error?.code === 22 ||
    error?.code === 1014
  );
}

function remover(kind) {
  return (key) => {
    try {
      area(kind)?.removeItem(PREFIX + key);
    } catch {
      /* nothing kept anyway */
    }
  };
}

export const load = reader("local");
export const put = writer("local");
export const save = (key, value) => put(key, value) === "ok";
export const remove = remover("local");

/** The keys (without the prefix) that start with `prefix`. */
export function keys(prefix) {
  try {
    const store = area("local");
    const out = [];
    for (let i = 0; i < (store?.length ?? 0); i++) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX + prefix)) out.push(key.slice(PREFIX.length));
    }
    return out;
  } catch {
    return [];
  }
}

/** The stored key of a storage event, without the prefix (null for another site's key). */
export const eventKey = (event) => (event.key?.startsWith(PREFIX) ? event.key.slice(PREFIX.length) : null);

export const tab = { load: reader("session"), save: writer("session"), remove: remover("session") };
